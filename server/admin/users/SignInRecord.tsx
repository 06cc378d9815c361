import type { UsersPageView } from './view.ts';

/** The latest passkey sign-ins, invitations and removals, newest first. */
export default function SignInRecord({ view }: { view: UsersPageView }) {
  return (
    <section className="admin-section" aria-labelledby="record-title">
      <h2 id="record-title">Recent passkey sign-ins and invitations</h2>
      {view.audit.length ? (
        <ul className="admin-list" data-sign-in-record="">
          {view.audit.map((entry, i) => (
            <li key={i}>
              {entry.when}: {entry.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">Nothing yet.</p>
      )}
    </section>
  );
}
