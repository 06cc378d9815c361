import type { TocItem } from '../content/layer/article-aids.ts';
import { useSheet } from './page-sheets.ts';

/** The article's outline as in-page links: plain anchors, so it works without JavaScript. */
export default function TableOfContents({ items }: { items: TocItem[] }) {
  useSheet('article');
  if (items.length < 2) return null;
  return (
    <nav className="toc" aria-labelledby="toc-heading">
      <h2 id="toc-heading">In this guide</h2>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.text}</a>
            {item.children.length ? (
              <ol>
                {item.children.map((child) => (
                  <li key={child.id}>
                    <a href={`#${child.id}`}>{child.text}</a>
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
