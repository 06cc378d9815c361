import type { FormState } from '../../../lib/admin/forms.ts';
import type { ServerData } from '../../../lib/server-data.ts';
import type { StoredPhoto } from '../../gallery/store.ts';
import type { OwnerPagePhoto } from '../../publish/store.ts';
import AdminField, { fieldAria } from '../ui/AdminField.tsx';
import SubmitButton from '../ui/SubmitButton.tsx';
import WorkbenchForm, { fieldProblem, typed } from '../ui/WorkbenchForm.tsx';
import { PAGE_PHOTO_PATH, PAGE_DRAWING_PATH } from './paths.ts';

export interface PagePhotosView {
  chosen: OwnerPagePhoto[];
  photos: StoredPhoto[];
  pages: ServerData['galleryChoices']['pages'];
  revision: string;
  form?: FormState;
  photoUrl: (id: number) => string;
  /** After "Back to the drawing": the choice that Undo puts back. */
  undo: OwnerPagePhoto | null;
  galleryPath: string;
}

const FORM = 'page-photo';

function Chosen({ view }: { view: PagePhotosView }) {
  const nameOf = (page: string) => view.pages.find((p) => p.page === page)?.name ?? page;
  if (!view.chosen.length) return <p>Every page shows its drawing.</p>;
  return (
    <ul className="page-photo-list">
      {view.chosen.map((c) => (
        <li key={c.page}>
          <img src={view.photoUrl(c.photo)} alt={c.alt} width={160} height={120} loading="lazy" />
          <p>
            <strong>{nameOf(c.page)}</strong> shows this photo: “{c.alt}”
          </p>
          <WorkbenchForm name={`drawing-${c.page.replace('/', '-')}`} action={PAGE_DRAWING_PATH} state={view.form}>
            <input type="hidden" name="page" value={c.page} />
            <input type="hidden" name="revision" value={view.revision} />
            <SubmitButton outline>Back to the drawing</SubmitButton>
          </WorkbenchForm>
        </li>
      ))}
    </ul>
  );
}

function Undo({ undo, revision, galleryPath }: { undo: OwnerPagePhoto; revision: string; galleryPath: string }) {
  return (
    <form
      method="post"
      action={PAGE_PHOTO_PATH}
      data-admin-form="undo-drawing"
      data-workbench=""
      data-undo=""
      data-after={`${galleryPath}?saved=page-photo#page-photos`}
    >
      <input type="hidden" name="page" value={undo.page} />
      <input type="hidden" name="photo" value={undo.photo} />
      <input type="hidden" name="alt" value={undo.alt} />
      <input type="hidden" name="revision" value={revision} />
      <button type="submit" className="btn btn-small btn-outline">
        Undo: show the photo again
      </button>
      <p className="visually-hidden" data-feedback-status="" />
    </form>
  );
}

/** "Photos on pages": one of the owner's uploaded photos at the top of a page, in place of its drawing. */
export default function PagePhotos({ view, saved }: { view: PagePhotosView; saved: string | null }) {
  const f = (field: string) => fieldProblem(view.form, FORM, field);
  const picked = typed(view.form, FORM, 'photo');
  return (
    <section aria-labelledby="page-photos-heading" className="admin-section" id="page-photos">
      <h2 id="page-photos-heading">Photos on pages</h2>
      <p>The service, brand and guide pages show a drawing at the top. Show one of your own photos there instead.</p>
      {saved ? (
        <div className="admin-toast" role="status" data-undo-expires={view.undo ? '10000' : undefined}>
          <p>{saved}</p>
          {view.undo ? <Undo undo={view.undo} revision={view.revision} galleryPath={view.galleryPath} /> : null}
        </div>
      ) : null}
      <Chosen view={view} />
      {view.photos.length === 0 ? (
        <p>Add a finished job with its photos first (below); its photos can then be shown on a page.</p>
      ) : (
        <WorkbenchForm name={FORM} action={PAGE_PHOTO_PATH} state={view.form} label="Show a photo on a page">
          <AdminField id="page-photo-page" name="page" label="Page" error={f('page')}>
            <select
              id="page-photo-page"
              name="page"
              defaultValue={typed(view.form, FORM, 'page')}
              {...fieldAria('page-photo-page', f('page'))}
            >
              <option value="">Choose…</option>
              {view.pages.map((p) => (
                <option key={p.page} value={p.page}>
                  {p.name}
                </option>
              ))}
            </select>
          </AdminField>
          <fieldset className="photo-choices" aria-describedby="page-photo-photo-error">
            <legend>Photo</legend>
            {view.photos.map((p) => (
              <label key={p.id} className="photo-choice">
                <input type="radio" name="photo" value={p.id} defaultChecked={picked === String(p.id)} />
                <img
                  src={view.photoUrl(p.id)}
                  alt=""
                  width={160}
                  height={Math.round((160 * p.height) / p.width)}
                  loading="lazy"
                />
                <span>{p.alt}</span>
              </label>
            ))}
            <p className="field-error" id="page-photo-photo-error" data-field-error="photo" hidden={!f('photo')}>
              {f('photo')}
            </p>
          </fieldset>
          <AdminField
            id="page-photo-alt"
            name="alt"
            label="What the photo shows (optional)"
            hint="For people who cannot see it. Leave it empty to use the photo’s own description."
            error={f('alt')}
          >
            <input
              id="page-photo-alt"
              name="alt"
              type="text"
              defaultValue={typed(view.form, FORM, 'alt')}
              {...fieldAria('page-photo-alt', f('alt'))}
            />
          </AdminField>
          <input type="hidden" name="revision" value={view.revision} />
          <SubmitButton>Use this photo</SubmitButton>
        </WorkbenchForm>
      )}
    </section>
  );
}
