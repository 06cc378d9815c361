import { SIGN_OUT_PATH } from '../../../lib/admin/sign-in.ts';

/** The 403 page: signed in, but this account has no role (or the role could not be read). */
export default function NotAuthorised({ login, loginPath }: { login: string; loginPath: string }) {
  return (
    <div className="admin-alert admin-alert-error">
      <h2>Not authorised</h2>
      <p>
        You are signed in as @{login}, but this account has no access to the admin area. Ask the owner to give it access, then
        sign in again.
      </p>
      <form method="post" action={SIGN_OUT_PATH} data-sign-out={`${loginPath}?signed_out=1`}>
        <button type="submit" className="btn btn-outline">
          Sign out
        </button>
      </form>
    </div>
  );
}
