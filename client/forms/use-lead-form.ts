import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { LeadFormProps } from '../../lib/form-props.ts';
import { parseLead, type LeadKind } from '../../lib/lead-schema.ts';
import { loadFormOptions } from './form-options.ts';
import { pushLeadEvent, readForm, sendLead } from './lead-client.ts';
import { useLeadFeedback } from './use-lead-feedback.ts';
import { useSubmissionKey } from './use-submission-key.ts';

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

/**
 * The behaviour both lead forms share: validate with the shared schema, show
 * errors at the fields and announce them, move focus to the first bad field,
 * disable the button while sending, keep every value on a failure and offer the
 * phone and a prefilled text message.
 */
export function useLeadForm(kind: LeadKind, props: LeadFormProps, behaviour: LeadFormBehaviour = {}) {
  const feedback = useLeadFeedback(kind, props);
  const { formRef, errors, setErrors, setFailure, setStatus } = feedback;
  const [sending, setSending] = useState(false);
  const [services, setServices] = useState<string[] | undefined>(props.services);
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
      feedback.showErrors(parsed.fields);
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
      void pushLeadEvent(result.data, form.id, values, () => window.location.assign(result.data.redirect));
      return;
    }
    setSending(false);
    feedback.showRefusal(result, values);
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

  /** Books a window offered beside the calendar in one tap: the fields show it, then the form is sent as filled in. */
  const pickSlot = (date: string, window: string) => {
    const form = formRef.current;
    if (sending || !form) return;
    // The day's windows are drawn again (no longer full) before the form is read.
    flushSync(() => behaviour.onSlot?.(date, window));
    showSlot(form, `${date}|${window}`);
    form.requestSubmit();
  };

  return { ...feedback, sending, services, onSubmit, onChange, pickSlot };
}
