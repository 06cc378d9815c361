import { SOURCES, type SourceId } from '../content/sources.ts';
import { useSheet } from './page-sheets.ts';

const DATE_TEXT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const MONTH_TEXT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });

/** "December 2, 2024", "February 2007" or "2011", as precisely as the source dates itself. */
export function sourceDate(date: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return DATE_TEXT.format(new Date(`${date}T00:00:00Z`));
  if (/^\d{4}-\d{2}$/.test(date)) return MONTH_TEXT.format(new Date(`${date}-01T00:00:00Z`));
  return date;
}

/** The id of the list's heading: other pages link to a page's sources with it. */
export const SOURCES_HEADING_ID = 'sources-heading';

/** The foot of a page that states figures or facts from published sources: each with its publisher, date and link. */
export default function SourceList({ ids }: { ids: readonly SourceId[] }) {
  if (ids.length === 0) return null;
  useSheet('inner');
  return (
    <section className="source-list" aria-labelledby={SOURCES_HEADING_ID}>
      <h2 id={SOURCES_HEADING_ID}>Sources</h2>
      <ol>
        {ids.map((id) => {
          const source = SOURCES[id];
          return (
            <li key={id} id={`source-${id}`}>
              <cite>{source.title}</cite>, {source.publisher}
              {'date' in source && source.date ? `, ${sourceDate(source.date)}` : ''}.{' '}
              <a href={source.url} rel="noopener noreferrer external">
                {new URL(source.url).hostname.replace(/^www\./, '')}
              </a>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
