import type { ReactNode } from 'react';
import type { LeadKind } from '../../lib/lead-schema.ts';
import { textValue } from './ContactFields.tsx';
import ErrorSummary from './ErrorSummary.tsx';
import type { useLeadForm } from './use-lead-form.ts';

interface Props {
  kind: LeadKind;
  idPrefix: string;
  values: Record<string, string | boolean> | undefined;
  form: ReturnType<typeof useLeadForm>;
  /** The office's phone, offered with the problems when the form is refused. */
  phone: string;
  children: ReactNode;
}

/**
 * The <form> both lead forms share: a plain POST to /api/leads that works without
 * JavaScript (`?form=` names the form, so a post the server cannot read still
 * comes back to the right form), the hidden kind, idempotency key and start
 * time, and the error summary.
 */
export default function LeadFormShell({ kind, idPrefix, values, form, phone, children }: Props) {
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
      {children}
    </form>
  );
}
