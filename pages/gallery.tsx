import Picture from '../components/Picture.tsx';
import { usePage } from '../components/page-context.ts';
import { contentPage } from './_content-page.tsx';

/** Illustrations until the owner's project photos arrive (DECISIONS.md "Images"). */
export const GALLERY = [
  { image: 'work-shingle-replacement.svg', caption: 'Architectural shingle replacement on a two-story home' },
  { image: 'work-metal-roof.svg', caption: 'Standing-seam metal roof on a low-country house' },
  { image: 'work-flat-roof.svg', caption: 'Commercial flat roof with a white membrane' },
  { image: 'work-gutters.svg', caption: 'Seamless gutters and downspouts' },
  { image: 'work-storm-repair.svg', caption: 'Storm damage: temporary protection before repair' },
  { image: 'work-church-roof.svg', caption: 'A steep church roof and steeple' },
  { image: 'drone-inspection.svg', caption: 'Drone-assisted roof inspection' },
];

function Grid() {
  const { images } = usePage();
  return (
    <ul className="card-grid gallery-grid">
      {GALLERY.map((g) => {
        const image = images.get(g.image);
        if (!image) throw new Error(`gallery: content/images/${g.image} is missing`);
        return (
          <li key={g.image} className="card">
            <figure>
              <Picture image={image} alt={g.caption} sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 100vw" />
              <figcaption>{g.caption} (illustration)</figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}

const page = contentPage('gallery', { after: <Grid /> });
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
