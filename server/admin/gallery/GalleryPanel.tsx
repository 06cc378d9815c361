import type { ServerData } from '../../../lib/server-data.ts';
import type { OwnerProject } from '../../publish/store.ts';
import SubmitButton from '../ui/SubmitButton.tsx';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import ProjectForm from './ProjectForm.tsx';

export interface GalleryView {
  projects: OwnerProject[];
  published: OwnerProject[];
  choices: ServerData['galleryChoices'];
  error: string | null;
  fields: Record<string, string>;
  values: Record<string, string>;
  saved: string | null;
  cannotPublish: string | null;
  revision: string;
  photoUrl: (id: number) => string;
}

/** /admin/gallery: the owner's projects waiting to be published, the form for a new one, and Publish. */
export default function GalleryPanel(view: GalleryView) {
  const waiting = view.projects.length !== view.published.length || view.projects.some((p, i) => p.slug !== view.published[i]?.slug);
  return (
    <div className="gallery-panel">
      {view.saved ? (
        <p className="form-status" role="status">
          {view.saved}
        </p>
      ) : null}
      <section aria-labelledby="projects-heading" className="panel">
        <h2 id="projects-heading">Your projects</h2>
        {view.projects.length === 0 ? <p>No project of your own yet: the gallery shows the drawings of typical work.</p> : null}
        <ul className="project-list">
          {view.projects.map((p) => (
            <li key={p.slug}>
              <p>
                <strong>{p.title}</strong> ({p.date.slice(0, 7)})
              </p>
              <img src={view.photoUrl(p.before.photo)} alt={p.before.alt} width={240} height={180} loading="lazy" />
              <img src={view.photoUrl(p.after.photo)} alt={p.after.alt} width={240} height={180} loading="lazy" />
            </li>
          ))}
        </ul>
        {view.cannotPublish ? (
          <p className="form-status form-status-error">{view.cannotPublish}</p>
        ) : waiting ? (
          <WorkbenchForm name="gallery-publish" action="/api/admin/gallery/publish">
            <input type="hidden" name="revision" value={view.revision} />
            <p>These projects are not on the site yet. Publishing rebuilds the gallery with them, before the drawings.</p>
            <SubmitButton>Publish the gallery</SubmitButton>
          </WorkbenchForm>
        ) : view.projects.length ? (
          <p>The gallery shows these projects.</p>
        ) : null}
      </section>
      <ProjectForm choices={view.choices} error={view.error} fields={view.fields} values={view.values} />
    </div>
  );
}
