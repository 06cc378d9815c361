import type { ReactNode } from 'react';
import type { NavLink } from '../content/layer/site-data.ts';
import Links from './Links.tsx';

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
      <Links links={links}>{children}</Links>
    </nav>
  );
}
