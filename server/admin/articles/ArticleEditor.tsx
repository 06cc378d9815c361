import SubmitButton from '../ui/SubmitButton.tsx';
import VersionHistory, { type VersionView } from '../ui/VersionHistory.tsx';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import ArticleForm, { type ArticleFormProps } from './ArticleForm.tsx';
import { problemsLine } from './enhance.ts';
import { ARTICLES_PREVIEW_PATH, ARTICLES_PUBLISH_PATH, ARTICLES_RESTORE_PATH } from './paths.ts';
import PublishFailure from '../ui/PublishFailure.tsx';

export interface ArticleEditorView extends ArticleFormProps {
  home: string;
  /** Where the article stands: on the site since…, a draft saved by… */
  lines: string[];
  saved: string | null;
  cannotPublish: string | null;
  lastFailure: string | null;
  versions: VersionView[];
}

/** One article: where it stands, its form with the live preview, Preview and Publish, and the history. */
export default function ArticleEditor(view: ArticleEditorView) {
  const { form, cannotPublish } = view;
  const problems = Object.keys(view.problems).length;
  return (
    <div className="article-editor">
      <p>
        <a href={view.home}>← All articles</a>
      </p>
      <section aria-labelledby="article-status" className="admin-section">
        <h2 id="article-status">Where it stands</h2>
        {view.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {cannotPublish ? <p className="form-status form-status-error">{cannotPublish}</p> : null}
        <PublishFailure reason={view.lastFailure} />
      </section>
      <ArticleForm {...view} />
      <section aria-labelledby="article-publish-heading" className="admin-section" id="publish">
        <h2 id="article-publish-heading">Preview and publish</h2>
        <p>
          Publishing rebuilds the site with this article: it goes on the blog, the site map, the news feed and the site search at
          once. If anything is wrong, the site stays as it was and this page says why.
          <span data-problem-count="">{problemsLine(problems)}</span>
        </p>
        {cannotPublish ? null : (
          <WorkbenchForm name="article-preview" action={ARTICLES_PREVIEW_PATH} state={form}>
            <input type="hidden" name="key" value={view.draftKey} />
            <p>See the article page exactly as visitors will get it (it takes some seconds).</p>
            <SubmitButton outline>Preview the article</SubmitButton>
          </WorkbenchForm>
        )}
        <WorkbenchForm
          name="article-publish"
          action={ARTICLES_PUBLISH_PATH}
          state={form}
          savedText={form === undefined ? view.saved : null}
          busy="Publishing…"
          done="Published"
        >
          <input type="hidden" name="key" value={view.draftKey} />
          <input type="hidden" name="revision" value={view.revision} />
          {cannotPublish ? <p>Publishing is not available on this server.</p> : <SubmitButton>Publish the article</SubmitButton>}
        </WorkbenchForm>
      </section>
      <VersionHistory
        versions={view.versions}
        form={form}
        canPublish={!cannotPublish}
        action={ARTICLES_RESTORE_PATH}
        note="Bringing a version back puts every article as it was then; the rest of the site stays as it is."
      />
    </div>
  );
}
