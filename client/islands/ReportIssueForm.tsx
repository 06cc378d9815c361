import type { ReportIssueFormProps } from '../../lib/form-props.ts';
import { telHref } from '../../lib/site-facts.ts';
import ErrorSummary from '../forms/ErrorSummary.tsx';
import Field from '../forms/Field.tsx';
import { ISSUE_FIELDS } from '../forms/field-specs.ts';
import { FormStateContext } from '../forms/form-state.ts';
import Honeypot from '../forms/Honeypot.tsx';
import { useIssueReport } from '../forms/use-issue-report.ts';

/** /report-issue: what happened, which page (prefilled), an optional email; it posts as a plain form without JavaScript. */
export default function ReportIssueForm(props: ReportIssueFormProps) {
  const { idPrefix, values = {}, office } = props;
  const report = useIssueReport(props);

  if (report.sent) {
    return (
      <div className="form-thanks" role="status" tabIndex={-1} ref={report.thanksRef}>
        <p className="form-thanks-title">Thank you: your report reached us.</p>
        <p>
          We read every report and fix what is broken. If you were trying to reach us about your roof, call{' '}
          <a href={telHref(office.phone)}>{office.phone}</a>.
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
      ref={report.formRef}
      onSubmit={(event) => void report.onSubmit(event)}
      onChange={report.onChange}
    >
      <ErrorSummary idPrefix={idPrefix} errors={report.errors} />
      <FormStateContext value={{ idPrefix, values, errors: report.errors, focusField: props.focusField }}>
        <Field {...ISSUE_FIELDS.message} />
        <Field {...ISSUE_FIELDS.page} defaultValue={values.page ?? props.page ?? ''} />
        <Field {...ISSUE_FIELDS.email} />
      </FormStateContext>
      <Honeypot idPrefix={idPrefix} />
      {report.failure ? (
        <div className="form-failure" role="alert">
          <p className="form-failure-title">{report.failure}</p>
          <p>
            Your text is still in the form. You can also email <a href={`mailto:${props.office.email}`}>{props.office.email}</a>{' '}
            or call <a href={telHref(props.office.phone)}>{props.office.phone}</a>.
          </p>
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-lg" disabled={report.sending}>
          {report.sending ? 'Sending…' : 'Send the report'}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {report.status}
      </p>
    </form>
  );
}
