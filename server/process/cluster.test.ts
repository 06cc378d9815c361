import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServerProcess, type ServerProcess } from '../../tests/server-process.ts';
import { createDb } from '../db/index.ts';
import { reachableTestPostgres } from '../../tests/test-db.ts';
import { makeTempDist } from '../../tests/dist-fixture.ts';

const postgresUrl = await reachableTestPostgres();

async function until<T>(
  what: string,
  check: () => T | undefined | false,
  { timeoutMs = 60_000, output }: { timeoutMs?: number; output?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}${output ? `; the server printed:\n${output()}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * The live server processes whose parent is `pid`, read from /proc (Linux, like the
 * machines this runs on); tsx's esbuild helper is a child too, and is left out.
 */
function workerPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the parenthesised command: state, ppid, ...
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== pid || state === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/index.ts')) children.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return children.sort();
}

/** A request on a connection of its own: a pooled one may have belonged to the process the test kills. */
async function status(url: string): Promise<number> {
  return (await fetch(url, { headers: { connection: 'close' } })).status;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!postgresUrl)('several server processes on one port (WEB_CONCURRENCY on PostgreSQL)', () => {
  let dist: Awaited<ReturnType<typeof makeTempDist>>;
  let schema: string;
  let databaseUrl: string;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    dist = await makeTempDist();
    schema = `cluster_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = await createDb({ url: postgresUrl!, schema });
    await admin.close();
    databaseUrl = `${postgresUrl}${postgresUrl!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  });

  afterAll(async () => {
    for (const { child } of started) {
      if (child.exitCode === null && child.signalCode === null) {
        for (const pid of workerPids(child.pid!)) process.kill(pid, 'SIGKILL');
        child.kill('SIGKILL');
        await exitOf(child);
      }
    }
    await dist?.cleanup();
    if (schema) {
      const admin = await createDb({ url: postgresUrl!, schema });
      await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.close());
    }
  });

  async function start(overrides: Record<string, string> = {}) {
    const port = await freePort();
    const primary = spawnServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DIST_DIR: dist.dir,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '2',
      NODE_ENV: 'test',
      ...overrides,
    });
    started.push(primary);
    return { primary, url: `http://127.0.0.1:${port}` };
  }

  it('serves from two processes, replaces one that dies, and stops both on SIGTERM', { timeout: 120_000 }, async () => {
    const { primary, url } = await start();
    await until('both processes to listen', () => primary.output().includes('(2 server processes)'), { output: primary.output });
    const workers = workerPids(primary.child.pid!);
    expect(workers).toHaveLength(2);
    // Only the first worker describes the setup; the primary says where they listen.
    expect(primary.output().match(/^Database: PostgreSQL/gm)).toHaveLength(1);
    expect(primary.output()).toMatch(/^Listening on http:\/\/localhost:\d+ \(2 server processes\)$/m);
    expect(await status(`${url}/about`)).toBe(200);

    process.kill(workers[0]!, 'SIGKILL');
    // Connections the kernel queued on the killed process die with it (as with any crash);
    // once it is gone, the survivor answers while the replacement starts.
    await until('the killed process to end', () => !isAlive(workers[0]!));
    expect(await status(`${url}/about`)).toBe(200);
    const replaced = await until('a replacement process', () => {
      const now = workerPids(primary.child.pid!);
      return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
    });
    expect(primary.output()).toContain('A server process died (signal SIGKILL); starting a new one.');
    expect(replaced).toContain(workers[1]);
    for (let i = 0; i < 10; i++) expect(await status(`${url}/about`)).toBe(200);

    primary.child.kill('SIGTERM');
    expect(await exitOf(primary.child)).toBe(0);
    expect(replaced.filter(isAlive)).toEqual([]);
  });

  it(
    'stops with the reason when the processes cannot start, instead of restarting them in a loop',
    { timeout: 60_000 },
    async () => {
      const { primary } = await start({ DIST_DIR: `${dist.dir}-missing` });
      expect(await exitOf(primary.child)).toBe(1);
      expect(primary.output()).toContain('Could not start the server: No build output at');
      expect(primary.output()).toContain('A server process stopped before it could serve (exit code 1); stopping the server.');
    },
  );
});
