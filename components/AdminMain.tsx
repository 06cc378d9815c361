import type { ReactNode } from 'react';

interface Props {
  title: string;
  lead?: ReactNode;
  /** The `data-slot` the server fills per request; `children` is what shows if it does not. */
  slot: string;
  children?: ReactNode;
  /** Built content below the slot (links that never change). */
  after?: ReactNode;
}

/** An admin page's heading, its per-request slot and its fixed parts. */
export default function AdminMain({ title, lead, slot, children, after }: Props) {
  return (
    <div className="admin-container">
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      <div data-slot={slot}>{children}</div>
      {after}
    </div>
  );
}
