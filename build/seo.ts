import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, TITLE_MIN, type PageAnalysis } from '../components/page-analysis.ts';

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decode(m[1]) : undefined;
};

export function analyzeHtml(path: string, html: string): PageAnalysis {
  const head = html.slice(0, html.indexOf('</head>'));
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  const title = decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '');
  const descTag = /<meta name="description"[^>]*>/.exec(head)?.[0] ?? '';
  const description = attr(descTag, 'content') ?? '';
  const canonical = attr(/<link rel="canonical"[^>]*>/.exec(head)?.[0] ?? '', 'href') ?? '';
  const robots = attr(/<meta name="robots"[^>]*>/.exec(head)?.[0] ?? '', 'content') ?? '';
  const jsonLdTypes = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    try {
      const data = JSON.parse(m[1]) as { '@type'?: string | string[]; '@graph'?: { '@type'?: string }[] };
      const types = data['@graph'] ? data['@graph'].map((g) => g['@type']) : [data['@type']];
      return types.flat().filter((t): t is string => typeof t === 'string');
    } catch {
      return ['(invalid JSON-LD)'];
    }
  });
  const visible = main.includes('<noscript>') ? main.replace(/<noscript>[\s\S]*?<\/noscript>/g, ' ') : main;
  const text = visible.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ');
  const wordCount = decode(text)
    .split(/\s+/)
    .filter((w) => /[a-z0-9]/i.test(w)).length;
  const hrefs = [...main.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]);
  const imgs = [...visible.matchAll(/<img\s[^>]*>/g)].map((m) => m[0]);
  const analysis: PageAnalysis = {
    path,
    title,
    description,
    canonical,
    noIndex: robots.includes('noindex'),
    h1Count: (html.match(/<h1[\s>]/g) ?? []).length,
    jsonLdTypes,
    wordCount,
    internalLinks: hrefs.filter((h) => h.startsWith('/')).length,
    images: imgs.length,
    imagesWithAlt: imgs.filter((tag) => /\salt="[^"]+"/.test(tag) || /\salt=""/.test(tag)).length,
    problems: [],
  };
  const p = analysis.problems;
  if (!title) p.push('no title');
  else if (title.length > TITLE_MAX) p.push(`title is ${title.length} characters (over ${TITLE_MAX})`);
  else if (title.length < TITLE_MIN) p.push(`title is ${title.length} characters (under ${TITLE_MIN})`);
  if (description.length < DESCRIPTION_MIN) p.push(`description is ${description.length} characters (under ${DESCRIPTION_MIN})`);
  if (description.length > DESCRIPTION_MAX) p.push(`description is ${description.length} characters (over ${DESCRIPTION_MAX})`);
  if (analysis.h1Count !== 1) p.push(`${analysis.h1Count} h1 elements`);
  if (!canonical) p.push('no canonical URL');
  if (analysis.images > analysis.imagesWithAlt) p.push(`${analysis.images - analysis.imagesWithAlt} image(s) without alt`);
  if (!analysis.noIndex && analysis.wordCount < 150) p.push(`thin content (${analysis.wordCount} words)`);
  return analysis;
}

/** Problems that fail the build: every page needs one h1, a title and a description, and titles are unique. */
export function blockingProblems(analyses: PageAnalysis[]): string[] {
  const problems: string[] = [];
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const a of analyses) {
    if (a.h1Count !== 1) problems.push(`${a.path}: has ${a.h1Count} h1 elements (exactly one expected)`);
    if (!a.title) problems.push(`${a.path}: has no title`);
    if (!a.description) problems.push(`${a.path}: has no description`);
    const t = titles.get(a.title);
    if (t) problems.push(`${a.path}: title "${a.title}" is also used by ${t}`);
    titles.set(a.title, a.path);
    const d = descriptions.get(a.description);
    if (d) problems.push(`${a.path}: description is also used by ${d}`);
    descriptions.set(a.description, a.path);
  }
  return problems;
}
