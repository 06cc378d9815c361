import type { FormState } from '../../../lib/admin/forms.ts';
import type { ArticleData } from '../../../lib/server-data.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import { CATEGORY_OPTIONS, type ArticleDraft } from './data.ts';
import { ARTICLES_DRAFT_PATH } from './paths.ts';
import { isGalleryPhoto, type PhotoChoice } from './photos.ts';

export interface ArticleFormProps {
  draftKey: string;
  draft: ArticleDraft;
  revision: string;
  problems: Record<string, string>;
  form?: FormState;
  choices: ArticleData['choices'];
  /** The owner's gallery photos, which the picture at the top may be too. */
  photos: PhotoChoice[];
  /** The body as the page will show it. */
  preview: string;
}

/** The Markdown a toolbar button inserts at the cursor (the admin script does it; ./enhance.ts). */
const TOOLBAR = [
  ['heading', 'H', 'Heading'],
  ['bold', 'B', 'Bold'],
  ['italic', 'I', 'Italic'],
  ['list', 'List', 'Bulleted list'],
  ['link', 'Link', 'Link'],
] as const;

const id = (name: string) => `article-${name}`;

function fieldMakers(draft: ArticleDraft, problems: Record<string, string>) {
  const text = (name: keyof ArticleDraft['fields'], label: string, hint?: string, type = 'text') => (
    <AdminField id={id(name)} name={name} label={label} hint={hint} error={problems[name]}>
      <input
        id={id(name)}
        name={name}
        type={type}
        defaultValue={draft.fields[name]}
        autoComplete="off"
        {...fieldAria(id(name), problems[name])}
      />
    </AdminField>
  );
  const area = (name: keyof ArticleDraft['fields'], label: string, hint: string, rows = 3) => (
    <AdminField id={id(name)} name={name} label={label} hint={hint} error={problems[name]}>
      <textarea
        id={id(name)}
        name={name}
        rows={rows}
        defaultValue={draft.fields[name]}
        {...fieldAria(id(name), problems[name])}
      />
    </AdminField>
  );
  const select = (name: keyof ArticleDraft['fields'], label: string, options: readonly string[], hint?: string) => (
    <AdminField id={id(name)} name={name} label={label} hint={hint} error={problems[name]}>
      <select id={id(name)} name={name} defaultValue={draft.fields[name]} {...fieldAria(id(name), problems[name])}>
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </AdminField>
  );
  return { text, area, select };
}

/** The sources the article relies on, one box each (a plain post sends `source.<id>=on` for each ticked). */
function SourcesChoice({
  sources,
  chosen,
  problem,
}: {
  sources: ArticleData['choices']['sources'];
  chosen: string[];
  problem?: string;
}) {
  return (
    <details className="article-sources" open={chosen.length > 0 || Boolean(problem)}>
      <summary>Sources ({chosen.length} chosen)</summary>
      <p className="field-hint">The published pages the article relies on; each figure adds its own.</p>
      {problem ? <p className="field-error">{problem}</p> : null}
      <ul className="source-choices">
        {sources.map((s) => (
          <li key={s.id} className="check-field">
            <input
              id={`source-${s.id}`}
              type="checkbox"
              name={`source.${s.id}`}
              value="on"
              defaultChecked={chosen.includes(s.id)}
            />
            <label htmlFor={`source-${s.id}`}>{s.label}</label>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The picture at the top: one of the site's pictures or one of the owner's gallery photos
 * (named as the overlay names it), shown under the list once chosen (./enhance.ts).
 */
function PictureChoice({
  draft,
  problem,
  choices,
  photos,
}: Pick<ArticleFormProps, 'draft' | 'choices' | 'photos'> & { problem?: string }) {
  const value = draft.fields.image;
  const urls: Record<string, string> = { ...choices.imageUrls, ...Object.fromEntries(photos.map((p) => [p.name, p.url])) };
  // A gallery photo the build already has is listed once, among the photos.
  const pictures = choices.images.filter((name) => !isGalleryPhoto(name));
  const listed = value === '' || pictures.includes(value) || photos.some((p) => p.name === value);
  return (
    <>
      <AdminField
        id={id('image')}
        name="image"
        label="Picture"
        hint="One of the site’s pictures, or one of your gallery photos."
        error={problem}
      >
        <select id={id('image')} name="image" defaultValue={value} {...fieldAria(id('image'), problem)}>
          <option value="">Choose…</option>
          {listed ? null : <option value={value}>{value}</option>}
          {photos.length ? (
            <optgroup label="Your gallery photos">
              {photos.map((p) => (
                <option key={p.name} value={p.name}>
                  {p.alt}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label="The site’s pictures">
            {pictures.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </optgroup>
        </select>
      </AdminField>
      <img
        className="picture-choice"
        data-picture-preview={JSON.stringify(urls)}
        // Hidden until a picture is chosen; a src is still given, as an <img> needs one.
        src={urls[value] ?? Object.values(urls)[0]}
        alt=""
        width={240}
        height={150}
        hidden={!urls[value]}
      />
    </>
  );
}

/** The article's text and what the build needs with it; saved as typed, with what a publish would refuse marked at its field. */
export default function ArticleForm({ draftKey, draft, revision, problems, form, choices, photos, preview }: ArticleFormProps) {
  const { text, area, select } = fieldMakers(draft, problems);
  return (
    <section aria-labelledby="article-heading" className="admin-section" id="article">
      <h2 id="article-heading">The article</h2>
      <WorkbenchForm name="article" action={ARTICLES_DRAFT_PATH} state={form}>
        <input type="hidden" name="key" value={draftKey} />
        <input type="hidden" name="revision" value={revision} />
        {text(
          'title',
          'Title',
          'What search results show: 30 to 60 characters, such as “Tropical Storm Debby: checking your roof”.',
        )}
        {select('category', 'Category', CATEGORY_OPTIONS)}
        {text('date', 'Date', 'The day it goes on the site.', 'date')}
        {text('tags', 'Tags', 'Separated by commas, such as “storm update, tarps”.')}
        <AdminField
          id={id('body')}
          name="body"
          label="Text"
          hint="Markdown: ## starts a heading, **bold**, *italic*, - a list, [words](https://address) a link. Prices and percentages: {{fig:id}} from the figures list; the phone: {{phone}}."
          error={problems.body}
        >
          <div className="md-toolbar" role="group" aria-label="Formatting" data-md-toolbar="" hidden>
            {TOOLBAR.map(([action, face, label]) => (
              <button
                key={action}
                type="button"
                className="btn btn-outline btn-small"
                data-md={action}
                aria-label={label}
                aria-controls={id('body')}
              >
                {face}
              </button>
            ))}
          </div>
          <textarea
            id={id('body')}
            name="body"
            rows={14}
            defaultValue={draft.fields.body}
            {...fieldAria(id('body'), problems.body)}
          />
        </AdminField>
        <section aria-labelledby="article-look" className="md-preview">
          <h3 id="article-look">How the text will look</h3>
          <div className="article-body" data-md-preview="" aria-live="polite" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
        {area('description', 'Description for search results', '70 to 160 characters: what a reader learns.')}
        {area('excerpt', 'Teaser', 'One sentence for the blog list, 40 to 220 characters.', 2)}
        <fieldset>
          <legend>Picture at the top</legend>
          <PictureChoice draft={draft} problem={problems.image} choices={choices} photos={photos} />
          {text('imageAlt', 'What the picture shows', 'For people who cannot see it.')}
        </fieldset>
        <SourcesChoice sources={choices.sources} chosen={draft.sources} problem={problems.sources} />
        {text('updated', 'Last real change (optional)', 'Only when the advice itself changed, not for a typo.', 'date')}
        <SubmitButton outline>Save the draft</SubmitButton>
      </WorkbenchForm>
    </section>
  );
}
