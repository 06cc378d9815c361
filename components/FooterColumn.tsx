import type { ReactNode } from 'react';
import type { NavLink } from '../content/layer/site-data.ts';

interface Props {
  /** The heading's id, which names the column's navigation landmark. */
  id: string;
  heading: string;
  links: readonly NavLink[];
  /** Items after the links (the "All locations" link). */
  children?: ReactNode;
}

/** One column of links in the site footer, a navigation landmark named by its heading. */
export default function FooterColumn({ id, heading, links, children }: Props) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {heading}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.path}>
            <a href={link.path}>{link.name}</a>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
