import type { ReactNode } from 'react';

/** A form's one submit button, in its row of actions: the main action, or a quieter one (`outline`). */
export default function SubmitButton({ outline, children }: { outline?: boolean; children: ReactNode }) {
  return (
    <div className="form-actions">
      <button type="submit" className={outline ? 'btn btn-outline' : 'btn btn-primary'}>
        {children}
      </button>
    </div>
  );
}
