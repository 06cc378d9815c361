import { USERS_API, type UsersPageView } from './view.ts';
import { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import RoleChoice from './RoleChoice.tsx';

/**
 * Inviting someone without a GitHub account: their name and role make a link, shown
 * once here to send by text or email. A plain post (not sent by the admin script), so
 * the page that answers it, the one with the link, is the page you see.
 */
export default function InviteByLink({ view }: { view: UsersPageView }) {
  const { form: state, invited } = view;
  const nameError = fieldProblem(state, 'invite', 'name');
  const refused = state?.form === 'invite' ? state.error : undefined;
  return (
    <section className="admin-section" aria-labelledby="invite-title" data-invite="">
      <h2 id="invite-title">Invite someone by a link</h2>
      {invited ? (
        <div className="admin-alert" role="status" data-invited="">
          <p>
            The link for {invited.name} is ready. Send it now: it is shown only once, works once, and until {invited.expires}.
          </p>
          <label htmlFor="invite-link">Invitation link</label>
          <input id="invite-link" type="text" readOnly value={invited.link} data-invite-link="" />
          <p className="row-actions">
            <a className="btn btn-primary" href={invited.sms}>
              Send by text message
            </a>
            <a className="btn btn-outline" href={invited.mailto}>
              Send by email
            </a>
          </p>
        </div>
      ) : null}
      <p>
        For office staff without GitHub: they open the link on their phone and make a passkey (face, fingerprint or screen lock).
        A lost phone? Send them a new invitation.
      </p>
      <form method="post" action={USERS_API.invite} data-admin-form="invite" noValidate>
        <AdminField
          id="invite-name"
          name="name"
          label="Their name"
          hint="As they will see it, such as Maria Lopez."
          error={nameError}
        >
          <input
            id="invite-name"
            name="name"
            type="text"
            autoComplete="off"
            maxLength={80}
            defaultValue={typed(state, 'invite', 'name')}
            {...fieldAria('invite-name', nameError)}
          />
        </AdminField>
        <RoleChoice state={state} form="invite" legend="What they may do" />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Make the invitation link
          </button>
        </div>
        <p className={refused ? 'form-status form-status-error' : 'form-status'} role="status">
          {refused ?? ''}
        </p>
      </form>
      {view.invitations.length ? (
        <>
          <h3>Invitations not used yet</h3>
          <ul className="admin-list">
            {view.invitations.map((i, n) => (
              <li key={n}>
                {i.name} ({i.roleLabel}), from @{i.by}, until {i.expires}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
