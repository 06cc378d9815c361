import type { DashboardView } from './view.ts';
import ColumnHeads from '../ui/ColumnHeads.tsx';

export default function PageSpeed({ view }: { view: DashboardView }) {
  const { vitals } = view;
  return (
    <section className="admin-section" aria-labelledby="vitals-title">
      <h2 id="vitals-title">Page speed for visitors (last 28 days)</h2>
      {vitals.shown.length ? (
        <table className="status-table admin-table">
          <caption>
            Per page, three visits in four were at least this fast. Good is content shown within 2.5 s, a tap answered within 0.2
            s and a layout shift under 0.1 (Google’s Core Web Vitals: LCP, INP and CLS). Pages slower than that come first, then
            the most visited.
          </caption>
          <ColumnHeads columns={['Page', 'Content shown (LCP)', 'Tap answered (INP)', 'Layout shift (CLS)', 'Visits']} />
          <tbody>
            {vitals.shown.map((row) => (
              <tr key={row.page}>
                <th scope="row" data-label="Page">
                  {row.page}
                </th>
                <td data-label="Shown">{row.lcp}</td>
                <td data-label="Tap">{row.inp}</td>
                <td data-label="Shift">{row.cls}</td>
                <td data-label="Visits">{row.samples}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="admin-empty">
          No measurements yet. Visitors’ browsers send them as pages are used; the figures appear within a day of real visits.
        </p>
      )}
      {vitals.more ? (
        <p>
          {vitals.more} more {vitals.more === 1 ? 'page was' : 'pages were'} measured.{' '}
          {vitals.moreSlow
            ? `${vitals.moreSlow} of them ${vitals.moreSlow === 1 ? 'is' : 'are'} slower than good too.`
            : 'All of them are within the good limits.'}
        </p>
      ) : null}
    </section>
  );
}
