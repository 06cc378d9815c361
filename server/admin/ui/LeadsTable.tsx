import { contactAction, type LeadRowView } from './view.ts';
import QuickStatus from './QuickStatus.tsx';
import ColumnHeads from './ColumnHeads.tsx';

interface Props {
  leads: LeadRowView[];
  caption: string;
  /** One-tap status buttons under each lead, coming back to this address after a plain post. */
  quickBack?: string;
}

/**
 * Leads as a table on a desktop and as cards on a phone (.admin-table), each opening its
 * detail; a lead nobody has answered yet stands out.
 */
export default function LeadsTable({ leads, caption, quickBack }: Props) {
  // The wait is shown where it was read (the leads list), not on the dashboard's rows.
  const touched = leads.some((lead) => lead.touch !== null);
  return (
    <table className="status-table admin-table leads-table">
      <caption>{caption}</caption>
      <ColumnHeads columns={['Name', 'Received', touched ? 'First touch' : null, 'Kind', 'Status', 'Phone', 'ZIP']} />
      {leads.map((lead) => {
        const fresh = lead.status === 'new' ? ' lead-is-new' : '';
        return (
          <tbody key={lead.reference} className={`lead-rows${fresh}`} data-lead={lead.reference} id={`lead-${lead.reference}`}>
            <tr>
              <th scope="row" data-label="Name">
                <a href={lead.href}>{lead.name}</a>
                <span className="lead-ref"> {lead.reference}</span>
              </th>
              <td data-label="Received">
                <time dateTime={lead.receivedIso}>{lead.received}</time>
              </td>
              {touched ? (
                <td data-label="First touch">
                  {lead.touch?.waiting ? (
                    <strong className="lead-waiting" data-touch-text="">
                      {lead.touch.text}
                    </strong>
                  ) : (
                    <span data-touch-text="">{lead.touch?.text}</span>
                  )}
                </td>
              ) : null}
              {/* One child per cell: on a phone the cell is a two-column grid, label and value. */}
              <td data-label="Kind">
                <span>
                  {lead.kind}
                  {lead.visit ? <span className="lead-visit">: {lead.visit}</span> : null}
                </span>
              </td>
              <td data-label="Status">
                <span className={`lead-status lead-status-${lead.status}`} data-row-status="">
                  {lead.statusLabel}
                </span>
              </td>
              <td data-label="Phone">
                <a href={lead.phoneHref} data-touch="call" data-touch-action={contactAction(lead.reference)}>
                  {lead.phone}
                </a>
              </td>
              <td data-label="ZIP">
                <span>
                  {lead.zip}
                  {lead.outside ? <span className="lead-outside"> (outside the area)</span> : null}
                </span>
              </td>
            </tr>
            {quickBack ? (
              <tr className="lead-quick-row">
                <td colSpan={touched ? 7 : 6} data-label="Set status">
                  <QuickStatus reference={lead.reference} name={lead.name} current={lead.status} back={quickBack} />
                </td>
              </tr>
            ) : null}
          </tbody>
        );
      })}
    </table>
  );
}
