import { citedSources } from '../content/figures.ts';
import { listPlaceholders, site } from '../content/site.ts';
import { SOURCES, type SourceId } from '../content/sources.ts';
import { loadCollection, loadReviewsFile } from '../content/layer/content.ts';
import { usePage } from '../components/page-context.ts';
import type { ServerPageRole } from '../lib/server-data.ts';
import { galleryProjects } from '../content/layer/gallery.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export const renderLast = true;
/** Only signed-in admins may read it (the admin guard): it names what is still unconfirmed. */
export const serverRole: ServerPageRole = 'seo-checklist';

export function meta() {
  return internalMeta(
    'Launch Checklist',
    'What still stands between this site and launch: placeholder facts, sample reviews, illustrations and settings.',
  );
}

/** The sources pages cite that carry no date (content/sources.ts), by title. */
function undatedSourcesInUse(): string[] {
  const cited = new Set<SourceId>();
  for (const name of ['services', 'locations', 'brands', 'landings', 'pages', 'blog'] as const) {
    for (const entry of loadCollection(name)) {
      const faqs = entry.data.faqs ?? [];
      for (const id of citedSources(entry.data.sources, [entry.body, ...faqs.flatMap((f) => [f.q, f.a])], entry.file)) {
        cited.add(id);
      }
    }
  }
  return [...cited].filter((id) => !('date' in SOURCES[id] && SOURCES[id].date)).map((id) => SOURCES[id].title);
}

/** The launch-readiness list, computed at build. */
export default function SeoCompletionChecklist() {
  const placeholders = listPlaceholders();
  const reviews = loadReviewsFile();
  const illustrated = galleryProjects().filter((p) => p.illustrated).length;
  const flagged = usePage().analyses.filter((a) => a.problems.length && !a.noIndex);
  const undated = undatedSourcesInUse();
  const items: { label: string; done: boolean; detail: string }[] = [
    {
      label: 'Business facts confirmed',
      done: placeholders.length === 0,
      detail: placeholders.length
        ? `Placeholders in content/site.ts: ${placeholders.map((p) => `${p.field} (${p.why})`).join('; ')}.`
        : 'No placeholders left.',
    },
    {
      label: 'Claims confirmed',
      done: false,
      detail: `The site states these claims from content/site.ts; confirm each is true today: ${site.claims.roofsProtected} roofs protected; a ${site.claims.rating} rating; ${site.claims.stormResponse} storm response; ${site.claims.onSite}; ${site.claims.sameDayEstimates}; ${site.claims.licensed}; ${site.claims.financing}; family owned since ${site.foundedYear}. The ${site.claims.rating} rating is shown from the facts file until Google Places is connected; then the home page's hero and reviews section show Google's live rating.`,
    },
    {
      label: 'Sources checked',
      done: undated.length === 0,
      detail: undated.length
        ? `${undated.length} cited source(s) show no date in the copy we worked from, so pages name them without a year. Check each live page and add its date in content/sources.ts: ${undated.join('; ')}.`
        : 'Every cited source is dated.',
    },
    {
      label: 'Real reviews',
      done: !reviews.sample,
      detail: reviews.sample
        ? 'content/reviews.json holds sample data. Set Google Places credentials, or replace the file with real reviews.'
        : 'Curated reviews file is real data.',
    },
    {
      label: 'Project photos',
      done: illustrated === 0,
      detail: illustrated
        ? `The gallery shows ${illustrated} illustrated example(s) (content/gallery/, illustrated: true). Add projects with photographs of finished local jobs.`
        : 'Every gallery project shows photographs of a real job.',
    },
    {
      label: 'Tag manager and SEO pixel',
      done: false,
      detail: 'Set in the admin settings once sign-in is configured; nothing is injected until then.',
    },
    {
      label: 'Indexable pages without SEO problems',
      done: flagged.length === 0,
      detail: flagged.length ? `${flagged.length} page(s) flagged on /seo-monitoring.` : 'All indexable pages pass.',
    },
  ];
  return (
    <InternalLayout title="Launch checklist" lead={`${items.filter((i) => i.done).length} of ${items.length} done.`}>
      <ul className="checklist">
        {items.map((item) => (
          <li key={item.label}>
            <strong>
              {item.done ? 'Done' : 'To do'}: {item.label}.
            </strong>{' '}
            {item.detail}
          </li>
        ))}
      </ul>
      <p>
        Per-page figures: <a href="/seo-monitoring">SEO monitoring</a>.
      </p>
    </InternalLayout>
  );
}
