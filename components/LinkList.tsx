interface Props {
  heading: string;
  links: { name: string; path: string }[];
}

/** A titled box of links for page asides. */
export default function LinkList({ heading, links }: Props) {
  if (!links.length) return null;
  return (
    <div className="aside-box">
      <h2>{heading}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.path}>
            <a href={l.path}>{l.name}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
