import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LeadFormProps, SlotOffer } from '../../lib/form-props.ts';
import { FIELD_LABELS, orderedErrorFields, parseLead, type LeadKind } from '../../lib/lead-schema.ts';
import { loadFormOptions } from './form-options.ts';
import { fallbackSms, pushLeadEvent, readForm, sendLead, type SendResult } from './lead-client.ts';
import { FAILURE, OFFERS, useFocusRequest } from './use-focus-request.ts';
import { useSubmissionKey } from './use-submission-key.ts';

// server/leads/pages.ts still imports the props type from here.
export type { LeadFormProps } from '../../lib/form-props.ts';

export interface LeadFormBehaviour {
  /** Fields the form validates itself as they change; a change does not just clear their error. */
  selfValidated?: readonly string[];
  /** A "book this one instead" button was used: the date and window fields now show it. */
  onSlot?: (date: string, window: string) => void;
}

function showSlot(form: HTMLFormElement, slot: string): [string, string] | null {
  const [date, window] = slot.split('|');
  if (!date || !window) return null;
  const dateInput = form.elements.namedItem('preferredDate');
  if (dateInput instanceof HTMLInputElement) dateInput.value = date;
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="preferredWindow"]')) {
    radio.checked = radio.value === window;
  }
  return [date, window];
}

function errorAnnouncement(fields: Record<string, string>): string {
  const names = orderedErrorFields(fields).map((name) => FIELD_LABELS[name] ?? name);
  return names.length === 1 ? `Please check ${names[0]}.` : `Please check ${names.length} fields: ${names.join(', ')}.`;
}

/**
 * The behaviour both lead forms share: validate with the
 * shared schema, show errors at the fields and announce them, move focus to the
 * first bad field, disable the button while sending, keep every value on a
 * failure and offer the phone and a prefilled text message.
 */
export function useLeadForm(kind: LeadKind, props: LeadFormProps, behaviour: LeadFormBehaviour = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors ?? {});
  const [failure, setFailure] = useState<string | null>(props.formError ?? null);
  const [smsBody, setSmsBody] = useState(() => fallbackSms(kind, props.values ?? {}));
  const [alternatives, setAlternatives] = useState<SlotOffer[]>(props.alternatives ?? []);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  const [services, setServices] = useState<string[] | undefined>(props.services);
  const focusRequest = useFocusRequest(formRef, failureRef);
  const submission = useSubmissionKey(kind, props);

  useEffect(() => {
    // Native bubbles stay for visitors without JavaScript; with it, the schema's messages take over.
    if (formRef.current) formRef.current.noValidate = true;
    if (!props.services) {
      void loadFormOptions().then((options) => {
        if (options) setServices(options.services);
      });
    }
  }, []);

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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = formRef.current;
    if (sending || !form) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const values = readForm(form, submitter);
    if (typeof values.slot === 'string') {
      const shown = showSlot(form, values.slot);
      if (shown) behaviour.onSlot?.(...shown);
    }
    const raw = { ...values, kind };
    const parsed = parseLead(raw, { services, timeZone: props.office.timeZone });
    if (!parsed.ok) {
      setFailure(null);
      showErrors(parsed.fields);
      return;
    }
    setSending(true);
    setFailure(null);
    setErrors({});
    setStatus('Sending your request…');
    // Same values as the last attempt (a retry after a lost answer): same key, so the server keeps one lead.
    const { silent, idempotencyKey, startedAt } = await submission.sendFields(raw);
    const result = await sendLead({ ...values, ...silent, kind, idempotencyKey, startedAt, sentAt: Date.now() });
    submission.settle(result.type !== 'failed');
    if (result.type === 'ok') {
      setStatus('Request sent. Opening your confirmation…');
      // The button stays disabled while the confirmation page loads.
      pushLeadEvent(result.data, form.id, () => window.location.assign(result.data.redirect));
      return;
    }
    setSending(false);
    showRefusal(result, values);
  };

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (name && errors[name] && !behaviour.selfValidated?.includes(name)) {
      setErrors((current) => {
        const { [name]: _gone, ...rest } = current;
        return rest;
      });
    }
  };

  return {
    formRef,
    failureRef,
    errors,
    setErrors,
    failure,
    smsBody,
    alternatives,
    sending,
    status,
    services,
    onSubmit,
    onChange,
  };
}
