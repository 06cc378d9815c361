import { renderMarkdown } from '../build/markdown.ts';
import { usePage } from './page-context.ts';

/** A Markdown body rendered at build time (tokens, heading ids, safe links, responsive images). */
export default function Prose({ markdown, file }: { markdown: string; file: string }) {
  const { images } = usePage();
  const { html } = renderMarkdown(markdown, file, images);
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
