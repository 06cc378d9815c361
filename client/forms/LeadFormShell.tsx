import type { ReactNode } from 'react';
import type { LeadKind } from '../../lib/lead-schema.ts';
import ErrorSummary from './ErrorSummary.tsx';
import { FormStateContext, textValue } from './form-state.ts';
import Honeypot from './Honeypot.tsx';
import SendFailure from './SendFailure.tsx';
import type { useLeadForm } from './use-lead-form.ts';

interface Props {
  kind: LeadKind;
  idPrefix: string;
  values: Record<string, string | boolean> | undefined;
  /** The field that gets focus on load (the first bad one after a server re-render). */
  focusField?: string;
  form: ReturnType<typeof useLeadForm>;
  /** The office's phone, offered with the problems when the form is refused. */
  phone: string;
  /** The main button's words. */
  submitLabel: string;
  /** Under the main button. */
  note?: ReactNode;
  /** After the main button, so Enter in a field still sends the form as filled in. */
  after?: ReactNode;
  children: ReactNode;
}

/**
 * The <form> both lead forms share: a plain POST to /api/leads that works without
 * JavaScript (`?form=` names the form, so a post the server cannot read still
 * comes back to the right form), the hidden kind, idempotency key and start
 * time, the error summary, the spam trap, the failure with the phone, the main
 * button and the status read to screen readers. Its fields read their ids,
 * values and errors from it.
 */
export default function LeadFormShell(props: Props) {
  const { kind, idPrefix, values, form, phone } = props;
  return (
    <form
      id={`${idPrefix}-form`}
      className="lead-form"
      action={`/api/leads?form=${kind}`}
      method="post"
      acceptCharset="utf-8"
      ref={form.formRef}
      onSubmit={(event) => void form.onSubmit(event)}
      onChange={form.onChange}
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="idempotencyKey" defaultValue={textValue(values, 'idempotencyKey')} />
      <input type="hidden" name="startedAt" defaultValue={textValue(values, 'startedAt')} />
      <ErrorSummary idPrefix={idPrefix} errors={form.errors} phone={phone} />
      <FormStateContext value={{ idPrefix, values, errors: form.errors, focusField: props.focusField }}>
        {props.children}
      </FormStateContext>
      <Honeypot idPrefix={idPrefix} />
      {form.failure ? <SendFailure ref={form.failureRef} message={form.failure} phone={phone} smsBody={form.smsBody} /> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-lg" disabled={form.sending}>
          {form.sending ? 'Sending…' : props.submitLabel}
        </button>
        {props.note}
      </div>
      {props.after}
      <p className="visually-hidden" role="status" aria-live="polite">
        {form.status}
      </p>
    </form>
  );
}
