/**
 * In `npm run dev`, one edited article is rebuilt and the browser reloaded
 * within 300 ms (section `dev`). `npm run dev` runs in a copy of the
 * project (its own dist/, .cache/ and embedded database) on a free port; Chromium
 * shows an article; the bench changes the article's title in its Markdown file and
 * times from the write to the reloaded page's load event with the new title in it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';
import { freePort } from '../tests/server-process.ts';
import { copyProject } from './builds.ts';
import { median, passIf, seconds, type Report } from './report.ts';

const SECTION = 'dev';
const RUNS = 7;
const ARTICLE = 'atlas-vs-gaf';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export async function benchDevReload(report: Report): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-dev-'));
  const project = path.join(work, 'project');
  copyProject(project);
  const [port, githubPort] = [await freePort(), await freePort()];
  const dev = spawn(process.execPath, ['--import', 'tsx', 'build/dev.ts'], {
    cwd: project,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEV_GITHUB_PORT: String(githubPort),
      DATA_DIR: path.join(work, 'data'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  dev.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  dev.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const started = Date.now();
    while (!/Listening on/.test(log)) {
      if (dev.exitCode !== null || Date.now() - started > 180_000) throw new Error(`npm run dev did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/blog/${ARTICLE}`);
    const file = path.join(project, 'content', 'blog', `${ARTICLE}.md`);
    const original = fs.readFileSync(file, 'utf8');
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const title = `Atlas vs GAF Shingles on the Georgia Coast, edit ${run}`;
      const loaded = page.waitForEvent('load', { timeout: 10_000 });
      const logged = log.length;
      const t0 = performance.now();
      fs.writeFileSync(file, original.replace(/^title: .*$/m, `title: "${title}"`));
      await loaded.catch((error: unknown) => {
        throw new Error(`${(error as Error).message}\n${log.slice(-3000)}`);
      });
      const h1 = await page.locator('h1').textContent();
      const ms = performance.now() - t0;
      if (h1 !== title) throw new Error(`after edit ${run} the page shows "${h1}", not "${title}"`);
      times.push(ms / 1000);
      const nav = await page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { dcl: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd), resp: Math.round(n.responseEnd) };
      });
      // The builder's own line for this edit: how long rendering took, and when after the save it was done.
      const rendered = /Rendered [^\n]* in (\d+) ms \((\d+) ms after the save\)/.exec(log.slice(logged));
      console.log(
        `    edit ${run}: ${Math.round(ms)} ms; ${rendered ? `rendered in ${rendered[1]} ms, ${rendered[2]} ms after the save; ` : ''}` +
          `the reloaded page: response ${nav.resp} ms, DOMContentLoaded ${nav.dcl} ms, load ${nav.load} ms`,
      );
      // Let the background pass of the other pages finish, as between two real edits.
      await new Promise((resolve) => setTimeout(resolve, 4000));
    }
    report.row({
      section: SECTION,
      figure: 'npm run dev: edited article saved → browser reloaded with it',
      ours: seconds(times, 3),
      budget: '< 0.3 s',
      result: passIf(median(times) < 0.3),
    });
    report.note(SECTION, '### dev');
    report.note(
      SECTION,
      `\`npm run dev\` in a copy of the project; Chromium on /blog/${ARTICLE}; ${RUNS} edits of the article's title, ` +
        'each timed from writing the Markdown file to the load event of the reloaded page showing the new title ' +
        '(4 s apart, so the background pass of the other pages is done). Median with min–max.',
    );
    report.note(SECTION);
  } finally {
    await browser.close();
    if (dev.pid) process.kill(-dev.pid, 'SIGTERM');
    await new Promise((resolve) => (dev.exitCode !== null ? resolve(null) : dev.once('exit', resolve)));
    fs.rmSync(work, { recursive: true, force: true });
  }
}
