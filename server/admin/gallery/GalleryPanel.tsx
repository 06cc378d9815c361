import type { FormState } from '../../../lib/admin/forms.ts';
import type { ServerData } from '../../../lib/server-data.ts';
import type { OwnerProject } from '../../publish/store.ts';
import SubmitButton from '../ui/SubmitButton.tsx';
import WorkbenchForm from '../ui/WorkbenchForm.tsx';
import PagePhotos, { type PagePhotosView } from './PagePhotos.tsx';
import { GALLERY_PUBLISH_PATH } from './paths.ts';
import ProjectForm from './ProjectForm.tsx';

export interface GalleryView {
  projects: OwnerProject[];
  published: OwnerProject[];
  /** The draft holds projects or page photos the site does not show yet. */
  waiting: boolean;
  pagePhotos: PagePhotosView;
  pagePhotosSaved: string | null;
  choices: ServerData['galleryChoices'];
  error: string | null;
  fields: Record<string, string>;
  values: Record<string, string>;
  saved: string | null;
  form?: FormState;
  cannotPublish: string | null;
  revision: string;
  photoUrl: (id: number) => string;
}

/** /admin/gallery: the owner's projects waiting to be published, Publish, the photos on pages, and the form for a new project. */
export default function GalleryPanel(view: GalleryView) {
  return (
    <div className="gallery-panel">
      {view.saved ? (
        <div className="admin-toast" role="status">
          <p>{view.saved}</p>
        </div>
      ) : null}
      <section aria-labelledby="projects-heading" className="admin-section">
        <h2 id="projects-heading">Your projects</h2>
        {view.projects.length === 0 ? (
          <p>
            No project of your own yet: the gallery shows the drawings of typical work.{' '}
            <a href="#new-project-section">Add a finished job</a> with its before and after photos.
          </p>
        ) : null}
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
        ) : view.waiting || view.projects.length || view.pagePhotos.chosen.length ? (
          // Kept once published (without its button), so its status line can say when it went live.
          <WorkbenchForm
            name="gallery-publish"
            action={GALLERY_PUBLISH_PATH}
            state={view.form}
            busy="Publishing…"
            done="Published"
          >
            <input type="hidden" name="revision" value={view.revision} />
            {view.waiting ? (
              <>
                <p>
                  Your changes are not on the site yet. Publishing rebuilds the site with them: the gallery with your projects
                  before the drawings, and the pages with the photos you chose.
                </p>
                <SubmitButton>Publish the gallery</SubmitButton>
              </>
            ) : (
              <p>The site shows these projects and photos.</p>
            )}
          </WorkbenchForm>
        ) : null}
      </section>
      <PagePhotos view={view.pagePhotos} saved={view.pagePhotosSaved} />
      <ProjectForm choices={view.choices} error={view.error} fields={view.fields} values={view.values} />
    </div>
  );
}
