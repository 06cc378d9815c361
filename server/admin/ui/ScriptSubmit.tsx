import type { ReactNode } from 'react';

/**
 * The button of a form only the admin script can send (a passkey, a push subscription): hidden
 * until the script shows it, with the status line the script writes to, which says what is
 * needed until then.
 */
export default function ScriptSubmit({
  kind,
  className,
  status,
  children,
}: {
  /** Names the `data-<kind>-button` and `data-<kind>-status` hooks the script looks for. */
  kind: string;
  className: string;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <p>
        <button type="submit" className={className} {...{ [`data-${kind}-button`]: '' }} hidden>
          {children}
        </button>
      </p>
      <p className="form-status" role="status" {...{ [`data-${kind}-status`]: '' }}>
        {status}
      </p>
    </>
  );
}
