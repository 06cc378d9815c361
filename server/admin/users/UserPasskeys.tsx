import { USERS_API, type UserRowView } from './view.ts';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';

/** One person's passkeys: device name, when made, when last used, and the button that removes one. */
export default function UserPasskeys({ user }: { user: UserRowView }) {
  if (user.passkeys.length === 0) return <>None</>;
  return (
    <ul className="admin-list passkey-list">
      {user.passkeys.map((key) => (
        <li key={key.id} data-passkey={key.deviceName}>
          <strong>{key.deviceName}</strong>
          <span className="field-hint">
            {' '}
            made {key.created}; last used: {key.lastUsed}
          </span>
          <WorkbenchForm name={`remove-passkey-${key.id}`} action={USERS_API.removePasskey}>
            <input type="hidden" name="id" value={key.id} />
            <button type="submit" className="btn btn-outline">
              Remove “{key.deviceName}” from {user.name ?? `@${user.login}`}
            </button>
          </WorkbenchForm>
        </li>
      ))}
    </ul>
  );
}
