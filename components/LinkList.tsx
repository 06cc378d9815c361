import Links from './Links.tsx';
import { useSheet } from './page-sheets.ts';

interface Props {
  heading: string;
  links: { name: string; path: string }[];
}

/** A titled box of links for page asides. */
export default function LinkList({ heading, links }: Props) {
  if (!links.length) return null;
  useSheet('inner');
  return (
    <div className="aside-box">
      <h2>{heading}</h2>
      <Links links={links} />
    </div>
  );
}
