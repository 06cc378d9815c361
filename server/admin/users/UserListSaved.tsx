import { USERS_API, type UsersPageView } from './view.ts';

/** What was just saved on the list, with the Undo that gives back the access just taken. */
export default function UserListSaved({ view, saved }: { view: UsersPageView; saved: (name: string) => string | null }) {
  if (view.saved !== 'revoke' && view.saved !== 'remove-factor' && view.saved !== 'remove-passkey') return null;
  return (
    <div className="admin-toast" role="status" data-undo-expires={view.undo ? '10000' : undefined}>
      <p>{saved(view.saved)}</p>
      {view.undo ? (
        // Undo gives the role back at once; their sessions stay ended, so they sign in again.
        <form
          method="post"
          action={USERS_API.grant}
          data-admin-form="undo-revoke"
          data-workbench=""
          data-undo=""
          data-after={`${view.usersPath}?saved=grant`}
        >
          <input type="hidden" name="login" value={view.undo.login} />
          <input type="hidden" name="role" value={view.undo.role} />
          <button type="submit" className="btn btn-small btn-outline">
            Undo: make @{view.undo.login} {view.undo.roleLabel} again
          </button>
          <p className="visually-hidden" data-feedback-status="" />
        </form>
      ) : null}
    </div>
  );
}
