import type { AuditView } from './view.ts';
import ColumnHeads from '../ui/ColumnHeads.tsx';

/** The audit log of the settings: who changed what, when, from what to what. Rows become cards on a phone. */
export default function SettingsHistory({ audit }: { audit: AuditView[] }) {
  if (audit.length === 0) return <p>No setting has been changed yet. Each change will be listed here, with who made it.</p>;
  return (
    <div className="admin-history">
      <table className="status-table admin-table">
        <caption>The latest {audit.length === 1 ? 'change' : `${audit.length} changes`}, newest first</caption>
        <ColumnHeads columns={['When', 'Who', 'Setting', 'Before', 'After']} />
        <tbody>
          {audit.map((entry) => (
            <tr key={entry.id}>
              <td data-label="When">{entry.when}</td>
              <td data-label="Who">{entry.who}</td>
              <td data-label="Setting">{entry.setting}</td>
              <td data-label="Before">
                <code>{entry.before}</code>
              </td>
              <td data-label="After">
                <code>{entry.after}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
