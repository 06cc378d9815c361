import type { FormState } from '../../../lib/admin/forms.ts';
import SubmitButton from '../ui/SubmitButton.tsx';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import { BUSINESS_PREVIEW_PATH, BUSINESS_PUBLISH_PATH } from './paths.ts';

interface Props {
  revision: string;
  form?: FormState;
  saved: string | null;
  problems: number;
  disabled: boolean;
}

/** Publish: the saved draft is built into the site and goes live for every visitor. */
export default function PublishForm({ revision, form, saved, problems, disabled }: Props) {
  return (
    <section aria-labelledby="publish-heading" className="admin-section" id="publish">
      <h2 id="publish-heading">Publish</h2>
      <p>
        Publishing rebuilds every page with the saved draft and puts it live at once. If anything is wrong, nothing changes on the
        site and this page says what to fix.
        {problems ? ` ${problems} field(s) above need a change first.` : ''}
      </p>
      {disabled ? null : (
        <WorkbenchForm name="preview" action={BUSINESS_PREVIEW_PATH} state={form}>
          <p>See the pages as visitors would get them with the draft, before anyone else does (it takes some seconds).</p>
          <SubmitButton outline>Preview the draft</SubmitButton>
        </WorkbenchForm>
      )}
      <WorkbenchForm
        name="publish"
        action={BUSINESS_PUBLISH_PATH}
        state={form}
        savedText={saved && form === undefined ? saved : null}
        busy="Publishing…"
        done="Published"
      >
        <input type="hidden" name="revision" value={revision} />
        {disabled ? <p>Publishing is not available on this server.</p> : <SubmitButton>Publish the draft</SubmitButton>}
      </WorkbenchForm>
    </section>
  );
}
