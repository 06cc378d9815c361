import type { GalleryProject } from '../content/layer/gallery.ts';
import { GALLERY_URL } from '../lib/urls.ts';
import HomeSection from './HomeSection.tsx';
import WorkCard from './WorkCard.tsx';

/** The home page's gallery teaser: a few projects' pictures and the way to the gallery. */
export default function FeaturedWork({ projects }: { projects: readonly GalleryProject[] }) {
  return (
    <HomeSection id="work-title" title="Featured work" alt>
      <p>Illustrated examples of typical jobs around Savannah, not photographs of real ones.</p>
      <ul className="work-grid work-grid-compact">
        {projects.map((p) => (
          <WorkCard key={p.slug} project={p} headingLevel={3} story={false} />
        ))}
      </ul>
      <p>
        <a href={GALLERY_URL}>See the gallery</a>
      </p>
    </HomeSection>
  );
}
