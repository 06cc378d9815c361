import { adminShell } from './_admin-shell.tsx';

// Built links that never change, below the dashboard the server fills.
const shell = adminShell(
  'admin-home',
  <section className="admin-section" aria-labelledby="reports-title">
    <h2 id="reports-title">Reports</h2>
    <ul>
      <li>
        <a href="/seo-monitoring">SEO monitoring</a>: titles, descriptions and links of every page.
      </li>
      <li>
        <a href="/seo-completion-checklist">Launch checklist</a>: placeholders and settings still to fill in.
      </li>
    </ul>
  </section>,
);
export const { serverRole, meta } = shell;
export default shell.Page;
