import type { ReactNode } from 'react';

/** Labelled values as a definition list; `children` adds rows of its own. */
export default function FieldList({ fields, children }: { fields: { label: string; value: string }[]; children?: ReactNode }) {
  return (
    <dl className="admin-fields">
      {fields.map((field) => (
        <div key={field.label}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}
