import type { ServerData } from '../../../lib/server-data.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';

interface Props {
  choices: ServerData['galleryChoices'];
  error: string | null;
  fields: Record<string, string>;
  values: Record<string, string>;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * A new project: the photos go with the form (a plain multipart post, so it works
 * without JavaScript and from a phone's camera or library). After a refusal the
 * text comes back; photos must be chosen again, as a browser never refills a file field.
 */
export default function ProjectForm({ choices, error, fields, values }: Props) {
  const input = (name: string, label: string, hint?: string, type = 'text') => (
    <AdminField id={`project-${name}`} name={name} label={label} hint={hint} error={fields[name]}>
      <input
        id={`project-${name}`}
        name={name}
        type={type}
        defaultValue={values[name] ?? ''}
        {...fieldAria(`project-${name}`, fields[name])}
      />
    </AdminField>
  );
  const select = (name: string, label: string, options: { slug: string; name: string }[]) => (
    <AdminField id={`project-${name}`} name={name} label={label} error={fields[name]}>
      <select
        id={`project-${name}`}
        name={name}
        defaultValue={values[name] ?? ''}
        {...fieldAria(`project-${name}`, fields[name])}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.slug} value={o.slug}>
            {o.name}
          </option>
        ))}
      </select>
    </AdminField>
  );
  const photo = (side: 'before' | 'after', label: string) => (
    <fieldset>
      <legend>{label}</legend>
      <AdminField id={`project-${side}`} name={side} label="Photo" hint="JPEG, PNG or WebP, at most 20 MB." error={fields[side]}>
        <input
          id={`project-${side}`}
          name={side}
          type="file"
          accept={ACCEPT}
          required
          {...fieldAria(`project-${side}`, fields[side])}
        />
      </AdminField>
      {input(`${side}Alt`, 'What the photo shows', 'For people who cannot see it, such as “Torn shingles above the porch”.')}
    </fieldset>
  );
  return (
    <section aria-labelledby="new-project" className="admin-section" id="new-project-section">
      <h2 id="new-project">Add a finished job</h2>
      <form method="post" action="/api/admin/gallery/projects" encType="multipart/form-data" data-admin-form="gallery-project">
        {error ? (
          <p className="form-status form-status-error" role="alert">
            {error}
          </p>
        ) : null}
        {input('title', 'Title', 'Such as “Storm-torn shingles replaced in Ardsley Park”.')}
        {select('service', 'Service', choices.services)}
        {select('location', 'Area', choices.locations)}
        {input('month', 'Month of the job', 'Such as 2026-11.', 'month')}
        <AdminField
          id="project-story"
          name="story"
          label="The story"
          hint="A few sentences: what you found and what you did."
          error={fields.story}
        >
          <textarea
            id="project-story"
            name="story"
            rows={4}
            defaultValue={values.story ?? ''}
            {...fieldAria('project-story', fields.story)}
          />
        </AdminField>
        {photo('before', 'Before')}
        {photo('after', 'After')}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Add the project
          </button>
        </div>
      </form>
    </section>
  );
}
