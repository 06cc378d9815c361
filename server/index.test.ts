import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentErrorLog } from './db/error-log.ts';
import { openTestDb } from '../tests/test-db.ts';
import { PROJECT_ROOT } from './config/env.ts';
import { startServer } from './index.ts';
import { FIXTURE_FILES, makeTempDist, testEnv } from '../tests/dist-fixture.ts';

let dist: Awaited<ReturnType<typeof makeTempDist>>;
let dataDir: string;

beforeAll(async () => {
  dist = await makeTempDist();
  dataDir = await mkdtemp(path.join(tmpdir(), 'roofing-data-'));
});

afterAll(async () => {
  await dist?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(graceMs?: number) {
  const env = testEnv({ PORT: '0', HOST: '127.0.0.1', DIST_DIR: dist.dir, DATA_DIR: dataDir });
  return startServer(env, { db: await openTestDb(null), graceMs });
}

/** A raw keep-alive connection, so the test controls exactly when bytes are sent. */
function openSocket(port: number): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
  });
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the server process', () => {
  it('serves pages, redirects and logged 404s over real HTTP, with the headers lookup() gives', async () => {
    const running = await start();
    try {
      expect(running.url).toBe(`http://localhost:${running.port}`);
      const page = await fetch(`http://127.0.0.1:${running.port}/about?x=1`, { headers: { 'accept-encoding': 'identity' } });
      expect(page.status).toBe(200);
      const hit = running.files.lookup('GET', '/about', 'identity', undefined)!;
      for (const [name, value] of Object.entries(hit.headers)) expect(page.headers.get(name), name).toBe(value);
      expect(await page.text()).toContain('<h1>About</h1>');

      const missing = await fetch(`http://127.0.0.1:${running.port}/nowhere`, { headers: { 'user-agent': 'probe' } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-robots-tag')).toBe('noindex');
      expect((await recentErrorLog(running.db, 'not_found'))[0]).toMatchObject({ url: '/nowhere', user_agent: 'probe' });

      const redirect = await fetch(`http://127.0.0.1:${running.port}/about/`, { redirect: 'manual' });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get('location')).toBe('/about');
    } finally {
      await running.shutdown();
    }
  });

  it('shuts down gracefully: refuses new connections, closes idle keep-alive sockets, lets requests finish, closes the db', async () => {
    const running = await start();
    const { port } = running;

    const idle = await openSocket(port);
    idle.socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await until(() => idle.received().includes('\r\n\r\n'), 'the keep-alive response');

    const body = JSON.stringify({ message: 'slow upload', timestamp: Date.now(), url: '/contact' });
    const busy = await openSocket(port);
    const requestSeen = new Promise((resolve) => running.server.once('request', resolve));
    busy.socket.write(
      `POST /api/error-report HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await requestSeen;

    let shutDown = false;
    const shutdown = running.shutdown().then(() => {
      shutDown = true;
    });

    await idle.closed;
    expect(running.server.listening).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    expect(shutDown).toBe(false);

    busy.socket.write(body.slice(10));
    await busy.closed;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 204 /);
    expect(busy.received().toLowerCase()).toContain('connection: close');

    await shutdown;
    await expect(running.db.query('SELECT 1')).rejects.toThrow();
  });

  it("answers a dev page's wait for the next build at once when it shuts down, not at the end of the grace period", async () => {
    const devDist = await makeTempDist({ ...FIXTURE_FILES, 'dev-build.json': '{"id":"1"}' });
    try {
      const env = testEnv({ PORT: '0', HOST: '127.0.0.1', DIST_DIR: devDist.dir, DATA_DIR: dataDir });
      const running = await startServer(env, { db: await openTestDb(null), graceMs: 30_000 });
      const url = `http://127.0.0.1:${running.port}/dev-build`;
      const tag = (await fetch(url)).headers.get('etag')!;
      const held = fetch(url, { headers: { 'if-none-match': tag } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await running.shutdown();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect((await held).status).toBe(304);
    } finally {
      await devDist.cleanup();
    }
  });

  it('cuts requests that outlast the grace period', async () => {
    const running = await start(200);
    const stuck = await openSocket(running.port);
    const requestSeen = new Promise((resolve) => running.server.once('request', resolve));
    stuck.socket.write('POST /api/error-report HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{');
    await requestSeen;
    const started = Date.now();
    await running.shutdown();
    expect(Date.now() - started).toBeLessThan(5_000);
    await stuck.closed;
  });

  it('names HOST or PORT when it cannot listen there', async () => {
    const taken = await start();
    try {
      const listen = async (vars: Record<string, string>) => {
        const env = testEnv({ DIST_DIR: dist.dir, DATA_DIR: dataDir, ...vars });
        return startServer(env, { db: await openTestDb(null) }).then(
          (running) => running.shutdown().then(() => 'started'),
          (error: Error) => error.message,
        );
      };
      expect(await listen({ HOST: '127.0.0.1', PORT: String(taken.port) })).toBe(
        `PORT ${taken.port} on 127.0.0.1 is already in use by another program: stop it, or set PORT to a free port.`,
      );
      expect(await listen({ HOST: '192.0.2.1', PORT: '0' })).toBe(
        'HOST 192.0.2.1 is not an address of this machine: set HOST to 127.0.0.1 (this machine only, behind nginx) or 0.0.0.0 (every address).',
      );
    } finally {
      await taken.shutdown();
    }
  });

  it('keeps no start-up error handler once listening, so a later server error is not swallowed', async () => {
    const running = await start();
    try {
      expect(() => running.server.emit('error', new Error('accept failed'))).toThrow('accept failed');
    } finally {
      await running.shutdown();
    }
  });

  it('refuses to start on a bad environment, saying which variable is wrong', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: 'http', DIST_DIR: dist.dir, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid environment:');
    expect(stderr).toContain('PORT: must be a whole number from 0 to 65535');
  });
});
