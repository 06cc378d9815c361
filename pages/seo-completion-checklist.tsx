import { listPlaceholders } from '../content/site.ts';
import { loadReviewsFile } from '../build/content.ts';
import { getAnalyses } from '../build/seo.ts';
import { GALLERY } from './gallery.tsx';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export const renderLast = true;

export function meta() {
  return internalMeta(
    'Launch Checklist',
    'What still stands between this site and launch: placeholder facts, sample reviews, illustrations and settings.',
  );
}

/** DECISIONS.md "SEO pages": the launch-readiness list, computed at build. */
export default function SeoCompletionChecklist() {
  const placeholders = listPlaceholders();
  const reviews = loadReviewsFile();
  const flagged = getAnalyses().filter((a) => a.problems.length && !a.noIndex);
  const items: { label: string; done: boolean; detail: string }[] = [
    {
      label: 'Business facts confirmed',
      done: placeholders.length === 0,
      detail: placeholders.length
        ? `Placeholders in content/site.ts: ${placeholders.map((p) => `${p.field} (${p.why})`).join('; ')}.`
        : 'No placeholders left.',
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
      done: false,
      detail: `The gallery shows ${GALLERY.length} illustrations. Add real project photos to content/images/.`,
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
