/**
 * The publish figures, for `npm run bench` (section "publish"): from Publish to the
 * server serving the new pages, for the three kinds of change the owner makes (a
 * business detail, a gallery project with two photos, an article), each with the
 * build's phases; and, on PostgreSQL, how long a second server on another machine
 * takes to serve a version the first one published (its poll, then its own build).
 * The server's own publisher runs the real build as its own process into a fresh
 * folder beside a copy of dist/ and swaps it in
 * (docs/decisions/061-owner-content-and-publishing.md). Until the admin publishes
 * articles, an article is laid into the overlay by a build entry of the bench's own
 * (bench/publish-article-build.ts), as the overlay carries any collection entry.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../server/db/index.ts';
import { createPublisher, PUBLISH_POLL_MS, type PublishResult, type Publisher } from '../server/publish/publisher.ts';
import { insertVersion, type OwnerContent } from '../server/publish/store.ts';
import { loadSiteFiles, type SiteFiles } from '../server/site/site-files.ts';
import { openTestDb, reachableTestPostgres } from '../tests/test-db.ts';
import { median, passIf, seconds, type Report } from './report.ts';
import { DIST } from './site-build.ts';

const SECTION = 'publish';
const RUNS = 3;
/** Publish to live, for one change. */
const BUDGET_SECONDS = 5;
/** Every server serves a new version within this (decision 061). */
const SECOND_SERVER_BUDGET_SECONDS = 15;
const ARTICLE = path.resolve(import.meta.dirname, '..', 'content', 'blog', 'algae-streaks-on-roofs-savannah.md');

/** The build's phase lines ("render pages … (812 ms)"), joined. */
const phasesOf = (output: string) =>
  output
    .split('\n')
    .filter((line) => /\(\d+ ms\)$/.test(line))
    .map((line) => line.trim().replace(/\s{2,}/g, ' '))
    // The overlay's temporary folder says nothing about the time.
    .map((line) => line.replace(/ from \S+ \(\S+\)/, ''))
    .join('; ');

/** A finished job's photo as the gallery keeps it: a WebP 1280 wide, without metadata. */
const jobPhoto = (background: string) =>
  sharp({ create: { width: 1280, height: 960, channels: 3, background } })
    .webp({ quality: 76 })
    .toBuffer();

/** The page as the server answers it now (identity encoding). */
const pageText = (files: SiteFiles, pathname: string) => {
  const body = files.lookup('GET', pathname, null, null)?.body;
  return body ? Buffer.from(body).toString('utf8') : '';
};

/** One publish of `content`, recorded as a version; the seconds from Publish to served. */
async function publishOnce(publisher: Publisher, content: OwnerContent, change: string): Promise<PublishResult & { ok: true }> {
  const result = await publisher.publish(
    content,
    (stamp) => (tx) => insertVersion(tx, { stamp, content, changes: [change], restoredFrom: null }, null),
  );
  if (!result.ok) throw new Error(`publish (${change}) failed: ${result.reason}`);
  return result;
}

interface Kind {
  figure: string;
  publisher: Publisher;
  /** The content of run `i`, and a check that the server serves it. */
  content: (i: number) => { content: OwnerContent; served: () => boolean };
}

function kinds(files: SiteFiles, publisher: Publisher, articlePublisher: Publisher, articleFile: string): Kind[] {
  return [
    {
      figure: 'one business detail (the phone)',
      publisher,
      content: (i) => {
        const business = { ...files.site.business, phone: `(912) 555-${String(7100 + i)}` };
        return { content: { business }, served: () => files.site.business.phone === business.phone };
      },
    },
    {
      figure: 'one gallery project, two new photos',
      publisher,
      content: (i) => {
        const project = {
          slug: `storm-torn-shingles-replaced-${i}-2026-11`,
          title: `Storm-torn shingles replaced, job ${i}`,
          service: 'roof-replacements',
          location: 'midtown-savannah-roofing',
          date: '2026-11-01',
          story: 'The storm lifted a row of tabs over the porch; we matched the colour and sealed the ridge.',
          before: { photo: 2 * i + 1, alt: 'Before: shingles torn off above the porch' },
          after: { photo: 2 * i + 2, alt: 'After: the porch roof with new matching shingles' },
        };
        return { content: { gallery: [project] }, served: () => pageText(files, '/gallery').includes(project.title) };
      },
    },
    {
      figure: 'one article (its text edited)',
      publisher: articlePublisher,
      content: (i) => {
        const text = fs.readFileSync(ARTICLE, 'utf8');
        fs.writeFileSync(articleFile, `${text.trimEnd()}\n\nChecked again for this season (revision ${i}).\n`);
        return {
          content: {},
          served: () => pageText(files, '/blog/algae-streaks-on-roofs-savannah').includes(`(revision ${i})`),
        };
      },
    },
  ];
}

/** Publishes each kind of change RUNS times on PGlite; a row each, with the last run's phases in the notes. */
async function benchKinds(report: Report, work: string): Promise<void> {
  const db = await openTestDb(null, { migrate: true });
  try {
    fs.cpSync(DIST, path.join(work, 'dist'), { recursive: true });
    const files = await loadSiteFiles(path.join(work, 'dist'));
    // Photo ids 1…2·RUNS: new bytes per run, so each run's build encodes its photos afresh.
    const photos = new Map<number, Buffer>();
    for (let id = 1; id <= 2 * RUNS; id++)
      photos.set(id, await jobPhoto(`#${(0x405060 + id * 0x0a0b0c).toString(16).slice(-6)}`));
    const common = {
      db,
      files,
      dataDir: path.join(work, 'data'),
      pollMs: null,
      photo: async (id: number) => photos.get(id) ?? null,
    };
    const articleFile = path.join(work, path.basename(ARTICLE));
    const publisher = createPublisher(common);
    const articlePublisher = createPublisher({
      ...common,
      buildEntry: path.resolve(import.meta.dirname, 'publish-article-build.ts'),
      buildEnv: { ...process.env, BENCH_ARTICLE_FILE: articleFile },
    });
    for (const kind of kinds(files, publisher, articlePublisher, articleFile)) {
      const times: number[] = [];
      let phases = '';
      for (let i = 0; i < RUNS; i++) {
        const { content, served } = kind.content(i);
        const started = performance.now();
        const result = await publishOnce(kind.publisher, content, kind.figure);
        if (!served()) throw new Error(`the server did not serve the published ${kind.figure}`);
        times.push((performance.now() - started) / 1000);
        phases = phasesOf(result.output);
      }
      report.note(SECTION, `- ${kind.figure}, the last run's phases: ${phases}.`);
      report.row({
        section: SECTION,
        figure: `publish to live, ${kind.figure}`,
        ours: seconds(times, 1),
        budget: `≤ ${BUDGET_SECONDS} s`,
        result: passIf(median(times) <= BUDGET_SECONDS),
      });
    }
  } finally {
    await db.close();
  }
}

/** Waits until `files` serves `stamp`; the seconds waited. */
async function servedWithin(files: SiteFiles, stamp: string, limitMs: number): Promise<number> {
  const started = performance.now();
  while (files.site.contentStamp !== stamp) {
    if (performance.now() - started > limitMs)
      throw new Error(`the second server did not serve ${stamp} within ${limitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (performance.now() - started) / 1000;
}

/**
 * Two servers on one PostgreSQL, each with its own dist/ and data folder (two machines):
 * the first publishes a business detail; the second, polling every PUBLISH_POLL_MS,
 * builds that version itself and serves it. Times from the first serving it.
 */
async function benchSecondServer(report: Report, work: string, url: string): Promise<void> {
  const db: Db = await openTestDb(url, { migrate: true });
  const stops: Publisher[] = [];
  try {
    const machine = async (name: string, pollMs: number | null) => {
      fs.cpSync(DIST, path.join(work, name, 'dist'), { recursive: true });
      const files = await loadSiteFiles(path.join(work, name, 'dist'));
      const publisher = createPublisher({ db, files, dataDir: path.join(work, name, 'data'), pollMs });
      stops.push(publisher);
      return { files, publisher };
    };
    const first = await machine('machine-a', null);
    const second = await machine('machine-b', PUBLISH_POLL_MS);
    await second.publisher.start();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const business = { ...first.files.site.business, phone: `(912) 555-${String(7200 + i)}` };
      const result = await publishOnce(first.publisher, { business }, 'Phone');
      times.push(await servedWithin(second.files, result.stamp, 60_000));
      if (second.files.site.business.phone !== business.phone) throw new Error('the second server serves another phone');
    }
    report.row({
      section: SECTION,
      figure: 'second server on PostgreSQL: from the first serving it to the second serving it',
      ours: seconds(times, 1),
      budget: `≤ ${SECOND_SERVER_BUDGET_SECONDS} s`,
      result: passIf(median(times) <= SECOND_SERVER_BUDGET_SECONDS),
    });
  } finally {
    for (const p of stops) p.stop();
    await Promise.all(stops.map((p) => p.idle()));
    await db.close();
  }
}

export async function benchPublish(report: Report): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-publish-'));
  try {
    report.note(SECTION, '### publish');
    report.note(
      SECTION,
      `Publish through the server's publisher (the real build as a child process into a fresh folder, the swap and the reload of the in-memory files), ${RUNS} runs of each kind of change on PGlite, median with min–max. The second server (PostgreSQL) polls every ${PUBLISH_POLL_MS / 1000} s and builds the version itself, as a server on another machine does; here it shares this checkout's build caches.`,
    );
    await benchKinds(report, work);
    const url = await reachableTestPostgres();
    if (url) await benchSecondServer(report, work, url);
    else report.note(SECTION, '- Second server skipped: set TEST_DATABASE_URL.');
    report.note(SECTION);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
