import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startTestServer, type TestServer } from './server-process.ts';

describe('startTestServer', () => {
  const started: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });

  it('is not fooled by another server on its port: it moves to a free one', async () => {
    // Another process took the port between the probe and the bind, and answers 200 there.
    const port = await freePort();
    const other = http.createServer((_req, res) => res.end('someone else'));
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    started.push({ stop: () => new Promise<void>((resolve) => other.close(() => resolve())) });

    const server: TestServer = await startTestServer({}, { firstPort: port });
    started.push(server);
    expect(server.port).not.toBe(port);
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1');
  }, 120_000);
});
