import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FIELD_LABELS, ISSUE_FIELD_MAX, MESSAGE_MAX, orderedErrorFields, parseIssueReport } from '../../lib/lead-schema.ts';
import type { ReportIssueFormProps } from '../../lib/form-props.ts';
import { telHref } from '../../lib/site-facts.ts';
import ErrorSummary from '../forms/ErrorSummary.tsx';
import Field from '../forms/Field.tsx';
import Honeypot from '../forms/Honeypot.tsx';
import { readForm, sendIssueReport } from '../forms/lead-client.ts';

// server/leads/pages.ts still imports the props type from here.
export type { ReportIssueFormProps } from '../../lib/form-props.ts';

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

/** /report-issue (SPEC.md section 1): what happened, which page (prefilled), an optional email. */
export default function ReportIssueForm(props: ReportIssueFormProps) {
  const { idPrefix, values = {} } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const pageRef = useRef<HTMLInputElement | null>(null);
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
    pageRef.current = input instanceof HTMLInputElement ? input : null;
  }, []);

  useEffect(() => {
    if (sent && !props.sent) thanksRef.current?.focus();
  }, [sent]);

  const focusFirst = (fields: Record<string, string>) => {
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
      setErrors(parsed.fields);
      setStatus(
        `Please check ${orderedErrorFields(parsed.fields)
          .map((f) => FIELD_LABELS[f] ?? f)
          .join(', ')}.`,
      );
      focusFirst(parsed.fields);
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
      setErrors(result.fields);
      focusFirst(result.fields);
    } else {
      setFailure(result.error);
      setStatus(result.error);
    }
  };

  if (sent) {
    return (
      <div className="form-thanks" role="status" tabIndex={-1} ref={thanksRef}>
        <p className="form-thanks-title">Thank you: your report reached us.</p>
        <p>
          We read every report and fix what is broken. If you were trying to reach us about your roof, call{' '}
          <a href={telHref(props.office.phone)}>{props.office.phone}</a>.
        </p>
      </div>
    );
  }

  return (
    <form
      id={`${idPrefix}-form`}
      className="lead-form"
      action="/api/report-issue"
      method="post"
      acceptCharset="utf-8"
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      onChange={(event) => {
        const name = (event.target as unknown as HTMLInputElement).name;
        if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
      }}
    >
      <ErrorSummary idPrefix={idPrefix} errors={errors} />
      <Field
        idPrefix={idPrefix}
        name="message"
        label="What happened?"
        as="textarea"
        rows={5}
        required
        maxLength={MESSAGE_MAX}
        hint="What you clicked or expected, and what you saw instead."
        defaultValue={values.message ?? ''}
        error={errors.message}
        autoFocus={props.focusField === 'message' ? true : undefined}
      />
      <Field
        idPrefix={idPrefix}
        name="page"
        label="Page address"
        maxLength={ISSUE_FIELD_MAX.page}
        hint="Filled in when you came from a page of this site."
        defaultValue={values.page ?? props.page ?? ''}
        error={errors.page}
        autoFocus={props.focusField === 'page' ? true : undefined}
      />
      <Field
        idPrefix={idPrefix}
        name="email"
        label="Your email, if you would like a reply"
        type="email"
        autoComplete="email"
        maxLength={ISSUE_FIELD_MAX.email}
        defaultValue={values.email ?? ''}
        error={errors.email}
        autoFocus={props.focusField === 'email' ? true : undefined}
      />
      <Honeypot idPrefix={idPrefix} />
      {failure ? (
        <div className="form-failure" role="alert">
          <p className="form-failure-title">{failure}</p>
          <p>
            Your text is still in the form. You can also email <a href={`mailto:${props.office.email}`}>{props.office.email}</a>{' '}
            or call <a href={telHref(props.office.phone)}>{props.office.phone}</a>.
          </p>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-lg" disabled={sending}>
          {sending ? 'Sending…' : 'Send the report'}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
