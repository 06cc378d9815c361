import type { ReactNode, RefObject } from 'react';
import EstimatorForm from './EstimatorForm.tsx';

interface Props {
  /** The section's heading id; its title follows. */
  titleId: string;
  title: string;
  /** What the figure is and is not, above the form. */
  caveat: ReactNode;
  /** Said after the link to the table when scripting is off. */
  noscriptTail: string;
  /** The no-JavaScript table of the same figures. */
  tableId: string;
  formRef: RefObject<HTMLFormElement | null>;
  onUpdate: () => void;
  /** The form's inputs. */
  inputs: ReactNode;
  /** The result box, beside the form. */
  result: ReactNode;
  status: string;
}

/** An estimator's frame: the caveat, the way to the table without JavaScript, the form, its result and its spoken status. */
export default function EstimatorSection({ titleId, title, caveat, noscriptTail, tableId, formRef, onUpdate, ...parts }: Props) {
  return (
    <section className="estimator" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {caveat}
      {/* Without scripting the form would never answer: the page sends the visitor to the table instead. */}
      <p className="estimator-noscript">
        The calculator needs JavaScript; <a href={`#${tableId}`}>the table below</a>
        {noscriptTail}
      </p>
      <div className="estimator-body needs-script">
        <EstimatorForm formRef={formRef} tableId={tableId} onUpdate={onUpdate}>
          {parts.inputs}
        </EstimatorForm>
        {parts.result}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {parts.status}
      </p>
    </section>
  );
}
