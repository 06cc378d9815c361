import type { ReactNode } from 'react';

interface Props {
  links: readonly { name: string; path: string }[];
  /** Items after the links, such as a link to the whole section. */
  children?: ReactNode;
}

/** A plain list of links, the markup the footer, the page asides and the site map share. */
export default function Links({ links, children }: Props) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.path}>
          <a href={link.path}>{link.name}</a>
        </li>
      ))}
      {children}
    </ul>
  );
}
