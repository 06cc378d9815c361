import { ROLE_LABELS, SIGN_OUT_PATH } from '../../../lib/admin/sign-in.ts';
import type { AdminUserView } from './view.ts';

/** Who is signed in, and the way out. */
export default function AccountBlock({
  user,
  loginPath,
  className,
}: {
  user: AdminUserView;
  loginPath: string;
  className: string;
}) {
  return (
    <div className={className}>
      {user.avatarUrl ? <img src={user.avatarUrl} alt="" width={32} height={32} loading="lazy" className="admin-avatar" /> : null}
      <p>
        <span className="admin-account-name">{user.name ?? user.login}</span>{' '}
        <span className="admin-account-role">
          @{user.login} · {ROLE_LABELS[user.role]}
        </span>
      </p>
      {/* This device only: a desktop mid-edit stays signed in. */}
      <form method="post" action={`${SIGN_OUT_PATH}?here=1`} data-sign-out={`${loginPath}?signed_out=here`} data-sign-out-here="">
        <button type="submit" className="btn btn-outline admin-sign-out">
          Sign out
        </button>
      </form>
      {/* Every session of this account ends (a lost phone is signed out too). */}
      <form method="post" action={SIGN_OUT_PATH} data-sign-out={`${loginPath}?signed_out=1`}>
        <button type="submit" className="btn btn-outline admin-sign-out">
          Sign out on every device
        </button>
      </form>
    </div>
  );
}
