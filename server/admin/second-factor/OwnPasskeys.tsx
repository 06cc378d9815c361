import type { SecondFactorPageView } from './view.ts';
import ScriptSubmit from '../ui/ScriptSubmit.tsx';

/** Your passkeys, and the button that adds one on this device (the page's script makes it). */
export default function OwnPasskeys({ view }: { view: SecondFactorPageView }) {
  return (
    <section className="admin-section" aria-labelledby="own-passkeys-title" data-own-passkeys="">
      <h2 id="own-passkeys-title">Passkeys</h2>
      <p>
        A passkey signs you in with your face, fingerprint or screen lock, without GitHub and without a code: it is both steps in
        one.
      </p>
      {view.passkeys.length ? (
        <ul className="admin-list">
          {view.passkeys.map((key, i) => (
            <li key={i}>
              <strong>{key.deviceName}</strong>: made {key.created}; last used: {key.lastUsed}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty">You have no passkey yet.</p>
      )}
      <form data-add-passkey="" data-options={view.passkeyApi.options} data-action={view.passkeyApi.add} noValidate>
        <div className="field">
          <label htmlFor="new-passkey-name">Name of this device</label>
          <input id="new-passkey-name" name="deviceName" type="text" maxLength={80} defaultValue="This device" />
        </div>
        <ScriptSubmit kind="passkey" className="btn btn-outline" status="Adding a passkey needs JavaScript.">
          Add a passkey on this device
        </ScriptSubmit>
      </form>
    </section>
  );
}
