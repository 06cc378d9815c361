import type { NotificationsPageView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import ScriptSubmit from '../ui/ScriptSubmit.tsx';

const SAVED: Record<string, string> = {
  subscribe: 'Saved: this device gets a notification for each new lead.',
  unsubscribe: 'Stopped: that device gets no more notifications.',
};

/** This person's devices that are notified, the button that adds this one, and how to on an iPhone. */
export default function NotificationsPanel(view: NotificationsPageView) {
  return (
    <>
      <section className="admin-section" aria-labelledby="notify-title">
        <h2 id="notify-title">Notify me on this device</h2>
        <p>
          Each new consultation or inspection request appears on this phone or computer within seconds, with the first name and
          the area; tapping it opens the lead.
        </p>
        <p className="field-hint">
          On an iPhone or iPad (iOS 16.4 or later): first put the admin on the home screen (Share, then “Add to Home Screen”),
          open it from there, and press the button in it.
        </p>
        <form
          data-push-subscribe=""
          data-public-key={view.publicKey}
          data-action={view.api.subscribe}
          data-worker={view.worker.script}
          data-scope={view.worker.scope}
          noValidate
        >
          <div className="field">
            <label htmlFor="push-device">Name of this device</label>
            <input id="push-device" name="deviceName" type="text" maxLength={80} defaultValue="My phone" />
          </div>
          <ScriptSubmit
            kind="push"
            className="btn btn-primary"
            status={view.saved && SAVED[view.saved] ? SAVED[view.saved] : 'Notifications need JavaScript.'}
          >
            Notify me on this device
          </ScriptSubmit>
        </form>
      </section>
      <section className="admin-section" aria-labelledby="devices-title">
        <h2 id="devices-title">Your notified devices</h2>
        {view.devices.length ? (
          <ul className="admin-list" data-push-devices="">
            {view.devices.map((d) => (
              <li key={d.id}>
                <strong>{d.deviceName}</strong>: since {d.created}; last notification: {d.lastSent}
                <WorkbenchForm name={`unsubscribe-${d.id}`} action={view.api.unsubscribe} state={view.form}>
                  <input type="hidden" name="id" value={String(d.id)} />
                  <button type="submit" className="btn btn-outline">
                    Stop notifications on “{d.deviceName}”
                  </button>
                </WorkbenchForm>
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">No device of yours gets notifications yet.</p>
        )}
      </section>
    </>
  );
}
