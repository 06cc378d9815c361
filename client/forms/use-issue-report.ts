import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ReportIssueFormProps } from '../../lib/form-props.ts';
import { FIELD_LABELS, orderedErrorFields, parseIssueReport } from '../../lib/lead-schema.ts';
import { readForm, sendIssueReport } from './lead-client.ts';

/** A same-site page the visitor came from, as a path, or ''. */
function pageFromBrowser(): string {
  const fromQuery = new URLSearchParams(location.search).get('page');
  if (fromQuery) return fromQuery.slice(0, 2048);
  try {
    const referrer = document.referrer ? new URL(document.referrer) : null;
    if (referrer && referrer.origin === location.origin && referrer.pathname !== location.pathname) {
      return `${referrer.pathname}${referrer.search}`;
    }
  } catch {
    // An unparsable referrer: leave the field for the visitor.
  }
  return '';
}

/**
 * The report form's behaviour: the page field filled in from where the visitor
 * came, the shared schema's check before sending, errors at the fields with
 * focus on the first, and the thanks focused once the report is stored.
 */
export function useIssueReport(props: ReportIssueFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors ?? {});
  const [failure, setFailure] = useState<string | null>(props.formError ?? null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(props.sent ?? false);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
    const input = formRef.current?.elements.namedItem('page');
    if (input instanceof HTMLInputElement && !input.value) input.value = pageFromBrowser();
  }, []);

  useEffect(() => {
    if (sent && !props.sent) thanksRef.current?.focus();
  }, [sent]);

  const showErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    const first = orderedErrorFields(fields)[0];
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = formRef.current;
    if (!form || sending) return;
    const data = readForm(form);
    const parsed = parseIssueReport(data);
    if (!parsed.ok) {
      const names = orderedErrorFields(parsed.fields).map((f) => FIELD_LABELS[f] ?? f);
      setStatus(`Please check ${names.join(', ')}.`);
      showErrors(parsed.fields);
      return;
    }
    setSending(true);
    setFailure(null);
    setStatus('Sending your report…');
    const result = await sendIssueReport(data);
    setSending(false);
    if (result.type === 'ok') {
      setStatus('');
      setSent(true);
    } else if (result.type === 'invalid') {
      showErrors(result.fields);
    } else {
      setFailure(result.error);
      setStatus(result.error);
    }
  };

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const name = (event.target as unknown as HTMLInputElement).name;
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  return { formRef, thanksRef, errors, failure, sending, sent, status, onSubmit, onChange };
}
