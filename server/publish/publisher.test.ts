import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDist, fixtureServerData } from '../../tests/dist-fixture.ts';
import { writeStandInBuild } from '../../tests/stand-in-build.ts';
import { openTestDb } from '../../tests/test-db.ts';
import type { Db } from '../db/index.ts';
import { loadSiteFiles, type SiteFiles } from '../site/site-files.ts';
import { createPublisher, failureReason, type Publisher } from './publisher.ts';
import { insertVersion } from './store.ts';

let db: Db;
let work: string;
let entry: string;
let cleanup: () => Promise<void>;
const publishers: Publisher[] = [];

beforeAll(async () => {
  db = await openTestDb(null, { migrate: true });
  work = mkdtempSync(path.join(tmpdir(), 'publisher-'));
  entry = writeStandInBuild(work);
  const dist = await makeTempDist();
  cleanup = dist.cleanup;
  cpSync(dist.dir, path.join(work, 'source'), { recursive: true });
  cpSync(dist.dir, path.join(work, 'machine-a', 'dist'), { recursive: true });
  cpSync(dist.dir, path.join(work, 'machine-b', 'dist'), { recursive: true });
});

afterAll(async () => {
  for (const p of publishers) p.stop();
  await db?.close();
  await cleanup?.();
  rmSync(work, { recursive: true, force: true });
});

const builds = () =>
  existsSync(path.join(work, 'builds.log')) ? readFileSync(path.join(work, 'builds.log'), 'utf8').trim().split('\n') : [];

function publisherFor(files: SiteFiles, machine: string): Publisher {
  const publisher = createPublisher({
    db,
    files,
    dataDir: path.join(work, machine, 'data'),
    buildEntry: entry,
    buildEnv: { ...process.env, STAND_IN_SOURCE: path.join(work, 'source'), STAND_IN_LOG: path.join(work, 'builds.log') },
    pollMs: null,
  });
  publishers.push(publisher);
  return publisher;
}

describe('publishing across servers', () => {
  it('a process sharing dist/ with the one that published reloads it; a server on another machine builds it itself', async () => {
    const a = await loadSiteFiles(path.join(work, 'machine-a', 'dist'));
    const sameMachine = await loadSiteFiles(path.join(work, 'machine-a', 'dist'));
    const other = await loadSiteFiles(path.join(work, 'machine-b', 'dist'));
    const business = { ...fixtureServerData().business, phone: '(912) 555-3131' };
    const result = await publisherFor(a, 'machine-a').publish(
      { business },
      (stamp) => (tx) => insertVersion(tx, { stamp, content: { business }, changes: ['Phone'], restoredFrom: null }, null),
    );
    expect(result.ok).toBe(true);
    const stamp = (result as { stamp: string }).stamp;
    expect(a.site.contentStamp).toBe(stamp);
    expect(builds()).toEqual([stamp]);

    await publisherFor(sameMachine, 'machine-a').sync();
    expect(sameMachine.site.contentStamp).toBe(stamp);
    expect(builds()).toEqual([stamp]);

    await publisherFor(other, 'machine-b').sync();
    expect(other.site.contentStamp).toBe(stamp);
    expect(other.site.business.phone).toBe('(912) 555-3131');
    expect(builds()).toEqual([stamp, stamp]);
    // Already serving it: the next poll does nothing.
    await publishers.at(-1)!.sync();
    expect(builds()).toHaveLength(2);
  });

  it('leaves the building to the process of this machine that holds the lock, and refuses a publish meanwhile', async () => {
    const dist = path.join(work, 'machine-c', 'dist');
    cpSync(path.join(work, 'source'), dist, { recursive: true });
    const files = await loadSiteFiles(dist);
    const lock = path.join(work, 'machine-c', '.dist-publish.lock');
    writeFileSync(lock, '');
    const publisher = publisherFor(files, 'machine-c');
    const before = builds().length;
    await publisher.sync();
    expect(files.site.contentStamp).toBe(null);
    const business = fixtureServerData().business;
    const refused = await publisher.publish({ business }, () => async () => 0);
    expect(refused).toEqual({
      ok: false,
      reason: 'Another publish is being built on this server right now. Wait a minute, then publish again.',
    });
    expect(builds()).toHaveLength(before);
    rmSync(lock);
    await publisher.sync();
    expect(files.site.contentStamp).not.toBe(null);
    expect(existsSync(lock)).toBe(false);
  });

  it('says publishing needs the full checkout where the build is missing', async () => {
    const files = await loadSiteFiles(path.join(work, 'machine-b', 'dist'));
    const publisher = createPublisher({
      db,
      files,
      dataDir: path.join(work, 'data-c'),
      root: work,
      buildEntry: 'build/index.ts',
      pollMs: null,
    });
    expect(publisher.cannotPublish()).toMatch(/^Publishing needs the full checkout of the site/);
    const result = await publisher.publish({}, () => async () => 0);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/^Publishing needs the full checkout/) });
  });

  it('gives the build’s own reason for failing', () => {
    const output =
      'Building https://x into /tmp/d\n  content  95 blog (68 ms)\nBuild failed: Content is invalid:\n  - content/blog/a.md: title: is too long\n';
    expect(failureReason(output, 1, null)).toBe('Build failed: Content is invalid:\n  - content/blog/a.md: title: is too long');
  });
});
