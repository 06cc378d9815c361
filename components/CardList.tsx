import Card from './Card.tsx';

interface Item {
  name: string;
  path: string;
  text: string;
  tag?: string;
}

/** A grid of linked cards (services, brands, locations). */
export default function CardList({ items, headingLevel = 2 }: { items: Item[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="card-grid">
      {items.map((item) => (
        <Card key={item.path} title={item.name} path={item.path} text={item.text} tag={item.tag} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
