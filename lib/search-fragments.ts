/** A page as Pagefind indexed it: its fragment id (what a search result is called by), URL, title and words. */
export interface IndexedPage {
  id: string;
  url: string;
  title: string;
  /** The page's text as indexed, starting with its h1. */
  content: string;
}

interface Fragment {
  url: string;
  content: string;
  meta?: { title?: string };
}

/**
 * The pages in one of Pagefind's fragment files, given its name and its text once
 * un-gzipped ("pagefind_dc" and JSON): either one page, named by the file, or a group
 * of pages keyed by their ids.
 */
export function pagesOfFragment(fileName: string, text: string): IndexedPage[] {
  const json = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown>;
  const entries: [string, Fragment][] =
    typeof json.url === 'string'
      ? [[fileName.replace(/\.pf_fragment$/, ''), json as unknown as Fragment]]
      : (Object.entries(json) as [string, Fragment][]);
  return entries.map(([id, f]) => ({ id, url: f.url, title: f.meta?.title ?? '', content: f.content }));
}
