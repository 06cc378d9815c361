import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '../content/schema.ts';
import { site } from '../content/site.ts';
import { SOURCES } from '../content/sources.ts';
import { FIGURES, citedSources } from '../content/figures.ts';
import { HOME_FAQS, meta as homeMeta } from '../pages/index.tsx';
import { loadCollection, type Entry } from '../content/layer/content.ts';
import { bodyText, similarPairs, words } from './content-metrics.ts';
import { walk } from './compress.ts';
import { CONTENT_DIR, ROOT } from './paths.ts';

/** The content rules that are requirements, not style. */

const COLLECTIONS = ['services', 'locations', 'landings', 'brands', 'pages'] as const;
type Name = (typeof COLLECTIONS)[number];
const entries = (name: Name) => loadCollection(name) as Entry<{ faqs?: { q: string; a: string }[] }>[];
const textOf = (entry: Entry<unknown>) => bodyText(entry.body, entry.file);

/** Everything a reader sees of an entry: body, FAQs and the front matter's prose. */
function readable(entry: Entry<Record<string, unknown>>): string[] {
  const data = entry.data;
  const faqs = (data.faqs as { q: string; a: string }[] | undefined) ?? [];
  return [
    entry.body,
    ...faqs.flatMap((f) => [f.q, f.a]),
    ...(['title', 'description', 'summary', 'excerpt', 'h1'] as const).map((k) => String(data[k] ?? '')),
  ];
}

describe('figures and sources', () => {
  it('gives every figure at least one published source, each dated, and says the year in its basis', () => {
    for (const [id, figure] of Object.entries(FIGURES)) {
      expect(figure.sources.length, id).toBeGreaterThan(0);
      for (const source of figure.sources) {
        expect(SOURCES[source], `${id} → ${source}`).toBeDefined();
        expect('date' in SOURCES[source] ? SOURCES[source].date : undefined, `${id} → ${source}`).toMatch(/^\d{4}/);
      }
      expect(figure.basis, id).toMatch(/\b(19|20)\d\d\b/);
    }
  });

  it('never types a dollar amount or a percentage: figures come from the figures file', () => {
    const typed: string[] = [];
    for (const name of [...COLLECTIONS, 'blog'] as const) {
      for (const entry of loadCollection(name)) {
        for (const text of readable(entry as Entry<Record<string, unknown>>)) {
          for (const m of text.replace(/\{\{[^}]+\}\}/g, '').matchAll(/\$\s?\d[\d,.]*|\d+(?:\.\d+)?\s?%/g)) {
            typed.push(`${entry.file}: "${m[0]}"`);
          }
        }
      }
    }
    expect(typed).toEqual([]);
  });
});

describe('depth', () => {
  it('gives every service page at least 700 words of body text and 4 to 6 FAQs', () => {
    const short = entries('services').flatMap((e) => {
      const count = words(textOf(e)).length;
      const faqs = e.data.faqs?.length ?? 0;
      return count < 700 || faqs < 4 || faqs > 6 ? [`${e.slug}: ${count} words, ${faqs} FAQs`] : [];
    });
    expect(short).toEqual([]);
  });

  it('gives every location page at least 500 words of body text', () => {
    const short = entries('locations').flatMap((e) => {
      const count = words(textOf(e)).length;
      return count < 500 ? [`${e.slug}: ${count} words`] : [];
    });
    expect(short).toEqual([]);
  });

  it('keeps every collection distinct: no two pages share more than 5% of their 6-word sequences', () => {
    for (const name of COLLECTIONS) {
      const texts = new Map(entries(name).map((e) => [e.slug, textOf(e)]));
      expect(
        similarPairs(texts, 0.05).map((p) => `${name}: ${p.a} ~ ${p.b} ${(p.shared * 100).toFixed(1)}%`),
        name,
      ).toEqual([]);
    }
  });
});

describe('articles', () => {
  it('answers every article in at least 900 words of body text', () => {
    const short = loadCollection('blog').flatMap((e) => {
      const count = words(textOf(e)).length;
      return count < 900 ? [`${e.slug}: ${count} words`] : [];
    });
    expect(short).toEqual([]);
  });

  it('keeps every article distinct: no two share more than 5% of their 6-word sequences', () => {
    const texts = new Map(loadCollection('blog').map((e) => [e.slug, textOf(e)]));
    expect(similarPairs(texts, 0.05).map((p) => `${p.a} ~ ${p.b} ${(p.shared * 100).toFixed(1)}%`)).toEqual([]);
  });

  it('keeps at least 10 articles in every category', () => {
    const counts = new Map<string, number>();
    for (const e of loadCollection('blog')) counts.set(e.data.category, (counts.get(e.data.category) ?? 0) + 1);
    for (const category of BLOG_CATEGORIES) expect(counts.get(category) ?? 0, category).toBeGreaterThanOrEqual(10);
  });

  it('gives every article a hero illustration with alt text', () => {
    const missing = loadCollection('blog').flatMap((e) =>
      !e.data.image || !fs.existsSync(path.join(CONTENT_DIR, 'images', e.data.image.src)) ? [e.slug] : [],
    );
    expect(missing).toEqual([]);
  });

  it('never dates an article before the day its file entered the repository', () => {
    // One git call: every commit that added a blog file, oldest last.
    const log = execFileSync('git', ['log', '--diff-filter=A', '--format=@%as', '--name-only', '--', 'content/blog'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const added = new Map<string, string>();
    let day = '';
    for (const line of log.split('\n')) {
      if (line.startsWith('@')) day = line.slice(1);
      else if (line.endsWith('.md')) added.set(path.basename(line, '.md'), day);
    }
    const early = loadCollection('blog').flatMap((e) => {
      const entered = added.get(e.slug);
      // A file not committed yet enters the repository today.
      const floor = entered ?? new Date().toISOString().slice(0, 10);
      const published = e.data.date.toISOString().slice(0, 10);
      const updated = e.data.updated?.toISOString().slice(0, 10);
      return published < floor || (updated !== undefined && updated < published)
        ? [`${e.slug}: published ${published}, updated ${updated ?? '-'}, entered ${floor}`]
        : [];
    });
    expect(added.size).toBeGreaterThan(90);
    expect(early).toEqual([]);
  });
});

describe('pictures', () => {
  const CORE_PAGES = ['about', 'faq', 'financing', 'testimonials', 'services', 'brands', 'locations', 'gallery', 'contact'];

  it('gives every service, landing, brand and core page an illustration with alt text that exists in content/images', () => {
    const pages = [
      ...entries('services'),
      ...entries('landings'),
      ...entries('brands'),
      ...entries('pages').filter((e) => CORE_PAGES.includes(e.slug)),
    ] as Entry<{ image?: { src: string; alt: string } }>[];
    const missing = pages.flatMap((e) => {
      if (!e.data.image) return [`${e.file}: no image`];
      if (!fs.existsSync(path.join(CONTENT_DIR, 'images', e.data.image.src)))
        return [`${e.file}: ${e.data.image.src} does not exist`];
      return e.data.image.alt.trim().length < 10 ? [`${e.file}: alt text "${e.data.image.alt}" says too little`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('uses every image in content/images somewhere, so no build spends time on a picture no page shows', () => {
    // Pictures are named by file in front matter (`src: "roof-gable.svg"`) or in code
    // (`useImage('hero-home.svg')`); a photograph replaces the illustration of its name.
    const sourceText = ['content', 'components', 'pages', 'build', 'client']
      .flatMap((dir) => walk(path.join(ROOT, dir)))
      .filter((f) => /\.(md|ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const unused = fs
      .readdirSync(path.join(CONTENT_DIR, 'images'))
      .filter((file) => !sourceText.includes(file) && !sourceText.includes(`${path.parse(file).name}.svg`));
    expect(unused).toEqual([]);
  });
});

describe('sources in use', () => {
  it('cites every source in content/sources.ts on at least one page, so the file holds no dead entries', () => {
    const cited = new Set<string>();
    for (const name of [...COLLECTIONS, 'blog', 'gallery'] as const) {
      for (const entry of loadCollection(name) as Entry<{ sources?: []; faqs?: { q: string; a: string }[]; story?: string }>[]) {
        const faqs = entry.data.faqs ?? [];
        const texts = [entry.body, entry.data.story ?? '', ...faqs.flatMap((f) => [f.q, f.a])];
        for (const id of citedSources(entry.data.sources ?? [], texts, entry.file)) cited.add(id);
      }
    }
    expect(cited.size).toBeGreaterThan(20);
    expect(Object.keys(SOURCES).filter((id) => !cited.has(id))).toEqual([]);
  });
});

/**
 * Hosts that republish other people's documents: bill trackers, statute and
 * regulation mirrors, document-sharing sites, archives and reposting feeds.
 * A page cites the publisher's own copy instead (docs/content-guide.md).
 */
const MIRROR_HOSTS = [
  '1library.net',
  '5y1.org',
  'askaroofer.com',
  'billtrack50.com',
  'buyerschoiceinspections.com',
  'casetext.com',
  'docplayer.net',
  'docslib.org',
  'documents.pub',
  'fdocuments.us',
  'getpocketlaw.com',
  'hobbydocbox.com',
  'hsdl.org',
  'issuu.com',
  'justia.com',
  'laws-info.com',
  'lawskills.com',
  'legiplex.com',
  'legiscan.com',
  'manualshelf.com',
  'newsbreak.com',
  'onecle.com',
  'pdf4pro.com',
  'readkong.com',
  'sail-world.com',
  'scribd.com',
  'studylib.net',
  'vdocuments.net',
  'vdocuments.us',
  'web.archive.org',
  'yumpu.com',
  // Another city's permit records, holding a copy of a manufacturer's evaluation report.
  'records.aspen.gov',
  // Chatham County's retired building-safety domain; the county is on chathamcountyga.gov.
  'chathamcounty.org',
];

/**
 * Government bodies whose own sites are not on a .gov or .us address, each
 * named by the host it publishes from.
 */
const GOVERNMENT_HOSTS: Record<string, string> = {
  'bloomingdale-ga.com': 'City of Bloomingdale',
  'bullochcounty.net': 'Bulloch County',
  'chathamemergency.org': 'Chatham Emergency Management Agency',
  'cityofbeaufort.org': 'City of Beaufort, SC',
  'cityofhinesville.org': 'City of Hinesville',
  'cityofrincon.com': 'City of Rincon',
  'cityoftybee.org': 'City of Tybee Island',
  'effinghamcounty.org': 'Effingham County',
  'libertycountyga.com': 'Liberty County',
  'thempc.org': 'Chatham County-Savannah Metropolitan Planning Commission',
  'thunderboltga.org': 'Town of Thunderbolt',
};

/** Public records portals a government runs on a vendor's host, by the repository it names. */
const GOVERNMENT_PORTALS: { host: string; param: string; value: string; body: string }[] = [
  { host: 'portal.laserfiche.com', param: 'repo', value: 'r-89ec6b6e', body: 'City of Tybee Island public records' },
];

const onHost = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

function governmentSite(url: URL): boolean {
  const host = url.hostname;
  if (/\.(gov|us)$/.test(host)) return true;
  if (Object.keys(GOVERNMENT_HOSTS).some((domain) => onHost(host, domain))) return true;
  return GOVERNMENT_PORTALS.some((p) => host === p.host && url.searchParams.get(p.param) === p.value);
}

describe("sources are the publishers' own", () => {
  const sources = Object.entries(SOURCES).map(([id, s]) => ({ id, ...s, host: new URL(s.url).hostname }));

  it('cites no mirror, bill tracker, document-sharing site or archive', () => {
    const mirrored = sources.filter((s) => MIRROR_HOSTS.some((domain) => onHost(s.host, domain)));
    expect(mirrored.map((s) => `${s.id}: ${s.url}`)).toEqual([]);
  });

  it("types a source government only when it is on a government body's own site", () => {
    const wrong = sources.filter((s) => s.kind === 'government' && !governmentSite(new URL(s.url)));
    expect(wrong.map((s) => `${s.id}: ${s.host}`)).toEqual([]);
  });

  it("keeps notes about copies and relays out of the publisher's name", () => {
    const noted = sources.filter((s) =>
      /\b(copy|copies|via|mirror|reproduced|republished|reprint|relaying|quoting|as quoted|summary on|abstract on)\b/i.test(
        s.publisher,
      ),
    );
    expect(noted.map((s) => `${s.id}: ${s.publisher}`)).toEqual([]);
  });
});

describe('one page per repeated point', () => {
  /**
   * Points many pages touch, each explained on one page (docs/content-guide.md). Elsewhere a
   * page says it in a sentence (one in the body, one in an FAQ answer at most) and, where
   * `linked`, links the page that explains it.
   */
  const POINTS = [
    {
      point: 'hurricane season',
      says: /June 1 (?:to|through|and|-|–) November 30/i,
      at: '/hurricane-roof-preparation',
      linked: true,
    },
    {
      point: 'storms before 2016',
      says: /\b1893\b|Hurricane David|David(?:,| in) 1979/i,
      at: '/hurricane-roof-preparation',
      linked: true,
    },
    {
      point: "Helene's downtown roof collapse",
      says: /roof collapse/i,
      at: '/blog/historic-district-roofing-savannah',
      linked: true,
    },
    { point: "Helene's gust", says: /\b76 mph\b/i, at: '/blog/wind-rated-shingles-explained', linked: true },
    {
      point: 'the cancellation right',
      says: /fifth business day/i,
      at: '/blog/georgia-insurance-claim-rights-homeowners',
      linked: true,
    },
    {
      point: "the City's storm-permit line",
      says: /major repairs? (?:need|require|call for|do need)/i,
      at: '/blog/roof-permits-savannah-chatham-county',
      linked: true,
    },
    {
      point: "NRCA's algae finding",
      says: /no evidence (?:that )?(?:the |blue-green )?(?:algae |it )?harms/i,
      at: '/blog/algae-streaks-on-roofs-savannah',
      linked: false,
    },
  ];
  const urlOf = (name: Name | 'blog', slug: string) =>
    name === 'landings' || name === 'pages' ? `/${slug}` : `/${name}/${slug}`;
  const pagesText = () =>
    [...COLLECTIONS, 'blog' as const].flatMap((name) =>
      (loadCollection(name) as Entry<{ faqs?: { q: string; a: string }[] }>[]).map((e) => ({
        url: urlOf(name, e.slug),
        body: e.body,
        answers: (e.data.faqs ?? []).map((f) => f.a),
      })),
    );
  const sentences = (text: string) => text.split(/(?<=[.!?])\s+|\n+/);

  it('explains each point on its own page and says it in a sentence, linked, everywhere else', () => {
    const pages = pagesText();
    const wrong: string[] = [];
    for (const { point, says, at, linked } of POINTS) {
      expect(
        pages.some((p) => p.url === at && says.test([p.body, ...p.answers].join('\n'))),
        `${point} on ${at}`,
      ).toBe(true);
      for (const page of pages) {
        if (page.url === at) continue;
        const inBody = sentences(page.body).filter((s) => says.test(s)).length;
        const inAnswers = page.answers.filter((a) => says.test(a)).length;
        if (inBody + inAnswers === 0) continue;
        if (inBody > 1 || inAnswers > 1) wrong.push(`${page.url}: ${point} in ${inBody + inAnswers} sentences`);
        if (linked && ![page.body, ...page.answers].some((t) => t.includes(`](${at})`) || t.includes(`](${at}#`))) {
          wrong.push(`${page.url}: ${point} without a link to ${at}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the home page', () => {
  it('carries the business name in its title', () => {
    expect(homeMeta({ siteUrl: 'https://example.test' } as Parameters<typeof homeMeta>[0]).title).toContain(site.name);
  });
});

describe('links between pages', () => {
  it('links every service page to its locations, and every location page to its services', () => {
    const unlinked: string[] = [];
    for (const e of loadCollection('services')) {
      if (e.data.locations.length === 0 || !/\]\(\/locations\//.test(e.body)) unlinked.push(`${e.file}: no location linked`);
    }
    for (const e of loadCollection('locations')) {
      if (e.data.services.length === 0 || !/\]\(\/services\//.test(e.body)) unlinked.push(`${e.file}: no service linked`);
    }
    expect(unlinked).toEqual([]);
  });

  it('links every location page to at least two guides', () => {
    const guides = new Set(loadCollection('blog').map((b) => b.slug));
    const few = loadCollection('locations').flatMap((e) => {
      const linked = new Set(
        [...e.body.matchAll(/\]\(\/blog\/([a-z0-9-]+)/g)].map((m) => m[1]!).filter((slug) => guides.has(slug)),
      );
      return linked.size < 2 ? [`${e.file}: ${linked.size} guide(s) linked`] : [];
    });
    expect(few).toEqual([]);
  });
});

describe('questions shown on two pages', () => {
  it('keeps the answers on /faq free of "this page", "below" and "above", because the home page shows them too', () => {
    const faqs = entries('pages').find((e) => e.slug === 'faq')?.data.faqs ?? [];
    const placed = faqs.flatMap((f) => (/\b(this page|below|above)\b/i.test(f.a) ? [f.q] : []));
    expect(faqs.length).toBeGreaterThan(0);
    expect(placed).toEqual([]);
  });

  it('has each answer the home page shows name the year of the source it cites, since the home page has no Sources list', () => {
    const shown = (entries('pages').find((e) => e.slug === 'faq')?.data.faqs ?? []).slice(0, HOME_FAQS);
    const undated = shown.flatMap((f) =>
      /\b(according to|reported|advised|noted|O\.C\.G\.A\.)/i.test(f.a) && !/\b(19|20)\d\d\b/.test(f.a) ? [f.q] : [],
    );
    expect(undated).toEqual([]);
  });
});

describe('brands', () => {
  /**
   * Product names the makers use, by brand page. A page may name a product only
   * if that brand's page lists it in `products` (one consistent list
   * per brand); these are the names that have turned up in our content or in
   * the makers' documents we read, sourced or not.
   */
  const KNOWN_PRODUCTS: Record<string, string[]> = {
    gaf: [
      'Timberline HDZ',
      'Timberline UHDZ',
      'Timberline AS II',
      'Marquis WeatherMax',
      'Royal Sovereign',
      'Grand Sequoia',
      'Camelot',
      'Slateline',
    ],
    'owens-corning': [
      'Duration FLEX',
      'Duration STORM',
      'Duration MAX',
      'Duration COOL',
      'Duration Premium',
      'Oakridge',
      'Berkshire',
      'Supreme',
    ],
    certainteed: [
      'Landmark PRO',
      'Landmark ClimateFlex',
      'Presidential Shake',
      'Grand Manor',
      'Belmont',
      'Highland Slate',
      'XT 25',
      'NorthGate',
    ],
    atlas: [
      'Pinnacle Pristine',
      'StormMaster Shake',
      'StormMaster Slate',
      'Briarwood Pro',
      'Castlebrook',
      'ProLAM',
      'GlassMaster',
    ],
    tamko: ['Heritage', 'Titan XT', 'StormFighter', 'Glass-Seal'],
  };

  it('names only the products each brand page lists, on every page', () => {
    const listed = new Map(loadCollection('brands').map((b) => [b.slug, b.data.products.join(' | ')]));
    const unlisted: string[] = [];
    for (const name of [...COLLECTIONS, 'blog'] as const) {
      for (const entry of loadCollection(name)) {
        const text = readable(entry as Entry<Record<string, unknown>>).join('\n');
        for (const [brand, products] of Object.entries(KNOWN_PRODUCTS)) {
          for (const product of products) {
            if (!new RegExp(`\\b${product}\\b`).test(text)) continue;
            // "TruDefinition Duration MAX" on the brand page covers "Duration MAX" elsewhere.
            if (!listed.get(brand)?.includes(product)) unlisted.push(`${entry.file}: ${product} (not on /brands/${brand})`);
          }
        }
      }
    }
    expect(unlisted).toEqual([]);
  });
});

describe('honesty', () => {
  /** Pages' words: the content files and the code that writes text onto pages. */
  const pageSources = () => [
    ...[...COLLECTIONS, 'blog' as const].flatMap((name) =>
      loadCollection(name).map((e) => ({ file: e.file, text: readable(e as Entry<Record<string, unknown>>).join('\n') })),
    ),
    ...['components', 'pages', 'client'].flatMap((dir) =>
      fs
        .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile() && /\.tsx$/.test(f.name) && !f.name.includes('.test.'))
        .map((f) => {
          const file = path.join(f.parentPath, f.name);
          return { file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') };
        }),
    ),
  ];

  it('answers the reader instead of reporting the research: no page says which documents were or were not found', () => {
    const researchLog =
      /\b(we (could not|couldn't|did not|didn't|have not|haven't|cannot|can't) (find|found|confirm|confirmed|locate|located|see|seen)|we found no|we know of no|no dated|undated|the copy we read|\(archived \d{4}\)|not among our sources|no source we trust|no primary source|no published (source|figure|document|data|price)|(found|find) no (document|data sheet|source|figure))\b/i;
    const scripts = ['lib/roof-estimate.ts', ...fs.readdirSync(path.join(ROOT, 'client/forms')).map((f) => `client/forms/${f}`)]
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/^\s*(\/\/|\*|\/\*).*$/gm, '') }));
    // The owner's internal pages (the launch checklist) may say what is still to be dated.
    const visitorPages = pageSources().filter(({ text }) => !text.includes('internalMeta('));
    const found = [...visitorPages, ...scripts].flatMap(({ file, text }) => {
      const hit = researchLog.exec(text);
      return hit ? [`${file}: "${hit[0]}"`] : [];
    });
    expect(found).toEqual([]);
  });

  it('states no unconfirmed promise, office hours or legal name anywhere but the facts file', () => {
    const patterns = Object.values(site.promises).flatMap((p) => (p.confirmed ? [] : p.statedBy));
    const stated: string[] = [];
    for (const { file, text } of pageSources()) {
      for (const pattern of patterns) {
        const found = pattern.exec(text);
        if (found) stated.push(`${file}: "${found[0]}"`);
      }
      if (!site.legalName.confirmed && /\bLLC\b/.test(text)) stated.push(`${file}: a legal name (LLC)`);
      if (!site.hours.confirmed && /\b(mon(day)?|sat(urday)?)\b[^.\n]{0,20}\b\d{1,2}\s?(am|a\.m\.)/i.test(text)) {
        stated.push(`${file}: office hours`);
      }
    }
    expect(stated).toEqual([]);
  });
});
