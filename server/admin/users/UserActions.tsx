import { USERS_API, type UserRowView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';

/** A person's actions on the list: take their access (asked first), remove their sign-in code. */
export default function UserActions({ user }: { user: UserRowView }) {
  return (
    <div className="row-actions">
      {user.you ? (
        <p className="admin-empty">This is you: another owner can take your access, you cannot.</p>
      ) : (
        // Asks first: the first tap only opens the question; the form is inside it.
        <details className="confirm-action">
          <summary className="btn btn-outline">Take access from @{user.login}…</summary>
          <WorkbenchForm name={`revoke-${user.login}`} action={USERS_API.revoke}>
            <input type="hidden" name="login" value={user.login} />
            <p>@{user.login} is signed out everywhere and can no longer open the admin area. You can undo this right after.</p>
            <button type="submit" className="btn btn-primary">
              Yes, take access from @{user.login}
            </button>
          </WorkbenchForm>
        </details>
      )}
      {user.factor === 'Set up' ? (
        <WorkbenchForm name={`remove-factor-${user.login}`} action={USERS_API.removeFactor}>
          <input type="hidden" name="login" value={user.login} />
          <button type="submit" className="btn btn-outline">
            Remove @{user.login}’s sign-in code
          </button>
        </WorkbenchForm>
      ) : null}
    </div>
  );
}
