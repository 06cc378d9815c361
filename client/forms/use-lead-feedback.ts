import { useRef, useState } from 'react';
import type { LeadFormProps, SlotOffer } from '../../lib/form-props.ts';
import { FIELD_LABELS, orderedErrorFields, type LeadKind } from '../../lib/lead-schema.ts';
import { loadFormOptions } from './form-options.ts';
import { fallbackSms, type SendResult } from './lead-client.ts';
import { FAILURE, OFFERS, useFocusRequest } from './use-focus-request.ts';

function errorAnnouncement(fields: Record<string, string>): string {
  const names = orderedErrorFields(fields).map((name) => FIELD_LABELS[name] ?? name);
  return names.length === 1 ? `Please check ${names[0]}.` : `Please check ${names.length} fields: ${names.join(', ')}.`;
}

/**
 * What a lead form tells the visitor: errors at the fields, announced, with focus
 * on the first bad one; a failure with the phone and a text message prefilled
 * with what they typed; the next free windows when the chosen one was full.
 */
export function useLeadFeedback(kind: LeadKind, props: LeadFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors ?? {});
  const [failure, setFailure] = useState<string | null>(props.formError ?? null);
  const [smsBody, setSmsBody] = useState(() => fallbackSms(kind, props.values ?? {}));
  const [alternatives, setAlternatives] = useState<SlotOffer[]>(props.alternatives ?? []);
  const [status, setStatus] = useState('');
  const focusRequest = useFocusRequest(formRef, failureRef);

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    setStatus(errorAnnouncement(fields));
    const first = orderedErrorFields(fields)[0];
    const rendered = first && formRef.current?.querySelector(`[data-field="${first}"]`);
    focusRequest.current = rendered ? first : FAILURE;
    if (!rendered) setFailure(Object.values(fields)[0] ?? 'Please check the form.');
  };

  /** The server refused the lead, or could not be reached: every value stays, and the way on is shown. */
  const showRefusal = (result: Exclude<SendResult, { type: 'ok' }>, values: Record<string, string | boolean>) => {
    if (result.type === 'invalid') {
      showErrors(result.fields);
    } else if (result.type === 'full') {
      setAlternatives(result.alternatives);
      showErrors(result.fields);
      if (result.alternatives.length > 0) focusRequest.current = OFFERS;
      void loadFormOptions(true);
    } else {
      setSmsBody(fallbackSms(kind, values));
      setFailure(result.error);
      setStatus(result.error);
      focusRequest.current = FAILURE;
    }
  };

  return {
    formRef,
    failureRef,
    errors,
    setErrors,
    failure,
    setFailure,
    smsBody,
    alternatives,
    status,
    setStatus,
    showErrors,
    showRefusal,
  };
}
