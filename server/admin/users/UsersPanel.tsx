import type { UsersPageView } from './view.ts';
import UserList from './UserList.tsx';
import GrantRole from './GrantRole.tsx';
import InviteByLink from './InviteByLink.tsx';
import SignInRecord from './SignInRecord.tsx';
import SecondFactorPolicy from './SecondFactorPolicy.tsx';

const SAVED: Record<string, string> = {
  grant: 'Saved. The role applies from their next page, or their first sign-in.',
  revoke: 'Access taken back; every session of theirs has ended.',
  policy: 'Saved.',
  'remove-factor': 'Sign-in code removed: they sign in with GitHub alone until they set up a new one.',
  'remove-passkey': 'Passkey removed: that device no longer signs them in.',
};

/** /admin/users (super admins only): who has a role and their passkeys, invitations, grants and revokes, the second-factor switch. */
export default function UsersPanel(view: UsersPageView) {
  const saved = (name: string) => (view.saved === name ? SAVED[name] : null);
  return (
    <>
      <UserList view={view} saved={saved} />
      <InviteByLink view={view} />
      <GrantRole view={view} saved={saved} />
      <SecondFactorPolicy view={view} saved={saved} />
      <SignInRecord view={view} />
    </>
  );
}
