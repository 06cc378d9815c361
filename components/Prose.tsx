import { usePage } from './page-context.ts';

/** A Markdown body rendered at build time (tokens, heading ids, safe links, responsive images). */
export default function Prose({ markdown, file }: { markdown: string; file: string }) {
  const { renderMarkdown } = usePage();
  return <div className="prose" dangerouslySetInnerHTML={{ __html: renderMarkdown(markdown, file) }} />;
}
