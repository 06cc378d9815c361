import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { FIELD_LABELS, normalizeLeadInput, orderedErrorFields, parseLead, type LeadKind } from '../../lib/lead-schema.ts';
import type { LeadFormProps, SlotOffer } from '../../lib/form-props.ts';
import { loadFormOptions } from './form-options.ts';
import {
  fallbackSms,
  newIdempotencyKey,
  pendingSend,
  pushLeadEvent,
  readForm,
  rememberPendingSend,
  sendLead,
  signatureDigest,
  silentFields,
  submissionSignature,
} from './lead-client.ts';

// server/leads/pages.ts still imports the props type from here.
export type { LeadFormProps } from '../../lib/form-props.ts';

const FAILURE = '__failure';
/** Focus target for the "next free windows" offered after a full window. */
export const OFFERS = '__offers';

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
 * The behaviour both lead forms share (DECISIONS.md "Forms"): validate with the
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
  const focusRequest = useRef<string | null>(null);
  const keyRef = useRef<string>('');
  const signatureRef = useRef<string | null>(null);
  // The page address and visit source sent with the key: a retry must send the very request the key was
  // first sent with, or the server refuses it as the key reused (an in-page link changes the address).
  const silentRef = useRef<Record<string, string>>({});
  const startedAtRef = useRef<number>(0);

  useEffect(() => {
    // Native bubbles stay for visitors without JavaScript; with it, the schema's messages take over.
    if (formRef.current) formRef.current.noValidate = true;
    // The fill time (a too-quick send is filed as spam) runs from when the visitor could first type:
    // when the page started loading for a form sent with it, since this script loads only when the
    // form is first touched, or even when Submit is tapped; when it was drawn for a popup's form.
    startedAtRef.current = props.drawnOnOpen ? Date.now() : Math.round(performance.timeOrigin);
    const key = props.values?.idempotencyKey;
    keyRef.current = typeof key === 'string' && key ? key : newIdempotencyKey();
    if (!props.services) {
      void loadFormOptions().then((options) => {
        if (options) setServices(options.services);
      });
    }
  }, []);

  useEffect(() => {
    const target = focusRequest.current;
    if (!target) return;
    focusRequest.current = null;
    if (target === FAILURE) failureRef.current?.focus();
    else if (target === OFFERS) formRef.current?.querySelector<HTMLElement>('[data-offers]')?.focus();
    else formRef.current?.querySelector<HTMLElement>(`[data-field="${target}"]:not([disabled])`)?.focus();
  });

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    setStatus(errorAnnouncement(fields));
    const first = orderedErrorFields(fields)[0];
    const rendered = first && formRef.current?.querySelector(`[data-field="${first}"]`);
    focusRequest.current = rendered ? first : FAILURE;
    if (!rendered) setFailure(Object.values(fields)[0] ?? 'Please check the form.');
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
    const signature = submissionSignature(normalizeLeadInput(raw));
    const digest = await signatureDigest(signature);
    if (signatureRef.current !== signature) {
      // The same values sent from this tab before a reload, without an answer: that key too.
      const earlier = pendingSend(kind, digest);
      if (earlier) {
        keyRef.current = earlier.key;
        silentRef.current = earlier.silent;
      } else {
        if (signatureRef.current !== null) keyRef.current = newIdempotencyKey();
        silentRef.current = silentFields();
      }
    }
    signatureRef.current = signature;
    if (digest) rememberPendingSend(kind, { digest, key: keyRef.current, silent: silentRef.current });

    const result = await sendLead({
      ...values,
      ...silentRef.current,
      kind,
      idempotencyKey: keyRef.current,
      startedAt: startedAtRef.current,
      sentAt: Date.now(),
    });
    // Only a send that got no answer (or the server's own failure) may have been stored unseen.
    if (result.type !== 'failed') rememberPendingSend(kind, null);
    if (result.type === 'ok') {
      setStatus('Request sent. Opening your confirmation…');
      // The button stays disabled while the confirmation page loads.
      pushLeadEvent(result.data, form.id, () => window.location.assign(result.data.redirect));
      return;
    }
    setSending(false);
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
