import type { ReactNode, RefObject } from 'react';

interface Props {
  formRef: RefObject<HTMLFormElement | null>;
  /** The no-JavaScript table of the same figures: where a plain submission goes. */
  tableId: string;
  /** Works the figure out again from the form's current inputs. */
  onUpdate: () => void;
  children: ReactNode;
}

/** The form around an estimator's inputs: it answers as the visitor types, and never reloads the page. */
export default function EstimatorForm({ formRef, tableId, onUpdate, children }: Props) {
  return (
    <form
      ref={formRef}
      className="estimator-form"
      action={`#${tableId}`}
      method="get"
      onInput={onUpdate}
      onChange={onUpdate}
      onSubmit={(event) => {
        event.preventDefault();
        onUpdate();
      }}
    >
      {children}
    </form>
  );
}
