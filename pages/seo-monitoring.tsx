import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, TITLE_MIN } from '../components/page-analysis.ts';
import { usePage } from '../components/page-context.ts';
import { useSheet } from '../components/page-sheets.ts';
import type { ServerPageRole } from '../lib/server-data.ts';
import { InternalLayout, internalMeta } from './_internal-page.tsx';

export const renderLast = true;
/** Only signed-in admins may read it (the admin guard). */
export const serverRole: ServerPageRole = 'seo-monitoring';

export function meta() {
  return internalMeta(
    'SEO Monitoring',
    'Per-page SEO figures generated at build: titles, descriptions, headings, structured data, links and images.',
  );
}

/** Per route, the figures that matter, with problems flagged. */
export default function SeoMonitoring() {
  useSheet('tables');
  const analyses = [...usePage().analyses].sort((a, b) => a.path.localeCompare(b.path));
  const flagged = analyses.filter((a) => a.problems.length);
  return (
    <InternalLayout
      title="SEO monitoring"
      lead={`${analyses.length} pages checked at build time; ${flagged.length} with something to look at. Titles ${TITLE_MIN}–${TITLE_MAX} characters, descriptions ${DESCRIPTION_MIN}–${DESCRIPTION_MAX}.`}
    >
      <div className="table-wrap" role="region" aria-label="SEO figures per page" tabIndex={0}>
        <table className="status-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Title</th>
              <th scope="col">Desc.</th>
              <th scope="col">h1</th>
              <th scope="col">JSON-LD</th>
              <th scope="col">Words</th>
              <th scope="col">Links</th>
              <th scope="col">Alt</th>
              <th scope="col">Problems</th>
            </tr>
          </thead>
          <tbody>
            {analyses.map((a) => (
              <tr key={a.path}>
                <th scope="row">
                  <a href={a.path}>{a.path}</a>
                  {a.noIndex ? ' (noindex)' : ''}
                </th>
                <td>{a.title.length}</td>
                <td>{a.description.length}</td>
                <td>{a.h1Count}</td>
                <td>{a.jsonLdTypes.join(', ') || '–'}</td>
                <td>{a.wordCount}</td>
                <td>{a.internalLinks}</td>
                <td>
                  {a.imagesWithAlt}/{a.images}
                </td>
                <td className={a.problems.length ? 'bad' : undefined}>{a.problems.join('; ') || 'none'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </InternalLayout>
  );
}
