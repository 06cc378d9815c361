import type { PASSKEY_API } from '../../../lib/admin/sign-in.ts';
import ScriptSubmit from '../ui/ScriptSubmit.tsx';

const PROBLEMS = {
  unknown: ['This invitation link is not valid', 'Check that the whole link was copied, or ask for a new one.'],
  used: [
    'This invitation was already used',
    'Each invitation link works once. To sign in, use your passkey; on a new phone, ask for a new invitation.',
  ],
  expired: ['This invitation has expired', 'Invitation links work for 72 hours. Ask for a new one.'],
} as const;

export interface InvitationPanelProps {
  invitation: { name: string; by: string; what: string; token: string } | null;
  problem: keyof typeof PROBLEMS | null;
  api: typeof PASSKEY_API;
  loginPath: string;
}

/** The invitation: who sent it, what it gives, and the form that makes the passkey (the script drives it). */
export default function InvitationPanel({ invitation, problem, api, loginPath }: InvitationPanelProps) {
  if (!invitation) {
    const [title, text] = PROBLEMS[problem ?? 'unknown'];
    return (
      <div className="admin-alert admin-alert-error" role="alert">
        <h2>{title}</h2>
        <p>
          {text} <a href={loginPath}>Go to sign-in</a>
        </p>
      </div>
    );
  }
  return (
    <section className="admin-section" aria-labelledby="invitation-title">
      <h2 id="invitation-title">Welcome, {invitation.name}</h2>
      <p>
        @{invitation.by} invited you to the admin area, {invitation.what}. Make a passkey on this phone or computer: from then on
        you sign in with your face, fingerprint or screen lock.
      </p>
      <form
        className="workbench-form"
        data-invitation=""
        data-token={invitation.token}
        data-options={api.invitationOptions}
        data-action={api.invitation}
        noValidate
      >
        <div className="field">
          <label htmlFor="device-name">Name of this device</label>
          <input
            id="device-name"
            name="deviceName"
            type="text"
            maxLength={80}
            defaultValue="My phone"
            aria-describedby="device-name-hint"
          />
          <p className="field-hint" id="device-name-hint">
            So you can tell your passkeys apart later, such as “Maria’s iPhone”.
          </p>
        </div>
        <ScriptSubmit
          kind="passkey"
          className="btn btn-primary btn-lg"
          status="This needs JavaScript and a browser that supports passkeys (any recent phone or computer)."
        >
          Create my passkey
        </ScriptSubmit>
      </form>
    </section>
  );
}
