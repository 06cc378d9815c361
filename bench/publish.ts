/**
 * The publish figure, for `npm run bench` (section "publish"): from Publish on
 * /admin/business to the server serving the new pages, for one business-detail
 * change, with the build's phases. The server's own publisher runs the real build
 * as its own process into a fresh folder beside a copy of dist/ and swaps it in
 * (docs/decisions/061-owner-content-and-publishing.md). Articles and gallery
 * projects are not published from the admin yet, nor is the second instance on
 * PostgreSQL measured here (server/publish/publisher.test.ts checks it serves the
 * version; its poll is every 2 seconds plus that server's own build).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { createPublisher } from '../server/publish/publisher.ts';
import { insertVersion } from '../server/publish/store.ts';
import { loadSiteFiles } from '../server/site/site-files.ts';
import { median, passIf, seconds, type Report } from './report.ts';
import { DIST } from './site-build.ts';

const SECTION = 'publish';
const RUNS = 3;
/** Publish to live, for one change. */
const BUDGET_SECONDS = 5;

export async function benchPublish(report: Report): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-publish-'));
  const db = await createDb({ memory: true });
  try {
    await migrate(db);
    fs.cpSync(DIST, path.join(work, 'dist'), { recursive: true });
    const files = await loadSiteFiles(path.join(work, 'dist'));
    const publisher = createPublisher({ db, files, dataDir: path.join(work, 'data'), pollMs: null });
    const times: number[] = [];
    let phases = '';
    for (let i = 0; i < RUNS; i++) {
      const business = { ...files.site.business, phone: `(912) 555-${String(7100 + i)}` };
      const started = performance.now();
      const result = await publisher.publish({ business }, (stamp) => (tx) =>
        insertVersion(tx, { stamp, content: { business }, changes: ['Phone'], restoredFrom: null }, null),
      );
      if (!result.ok) throw new Error(`publish failed: ${result.reason}`);
      if (files.site.business.phone !== business.phone) throw new Error('the server did not serve the published phone');
      times.push((performance.now() - started) / 1000);
      phases = result.output
        .split('\n')
        .filter((line) => /\(\d+ ms\)$/.test(line))
        .map((line) => line.trim().replace(/\s{2,}/g, ' '))
        .join('; ');
    }
    report.note(SECTION, '### publish');
    report.note(
      SECTION,
      `Publish of one business-detail change (the phone) through the server's publisher: the real build as a child process into a fresh folder, the swap and the reload of the in-memory files, ${RUNS} runs, median with min–max. The last run's phases: ${phases}.`,
    );
    report.note(SECTION);
    report.row({
      section: SECTION,
      figure: 'publish to live, one business detail',
      ours: seconds(times, 1),
      budget: `≤ ${BUDGET_SECONDS} s`,
      result: passIf(median(times) <= BUDGET_SECONDS),
    });
  } finally {
    await db.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
