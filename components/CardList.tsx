interface Item {
  name: string;
  path: string;
  text: string;
  tag?: string;
}

/** A grid of linked cards (services, brands, locations). */
export default function CardList({ items, headingLevel = 2 }: { items: Item[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <li className="card" key={item.path}>
          {item.tag ? <span className="tag">{item.tag}</span> : null}
          <Heading>
            <a className="card-link" href={item.path}>
              {item.name}
            </a>
          </Heading>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
