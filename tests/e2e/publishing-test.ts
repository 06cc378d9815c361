import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { startAdminServer, type AdminServer } from '../admin-server.ts';

/**
 * A test whose worker has an admin server of its own over a copy of dist/: publishing
 * swaps the server's dist/, which must never be the one other specs serve.
 */
export function publishingTest(label: string) {
  return base.extend<object, { server: AdminServer }>({
    server: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const copy = fs.mkdtempSync(path.join(os.tmpdir(), `roof-${label}-`));
        const dist = path.join(copy, 'dist');
        fs.cpSync(path.resolve('dist'), dist, { recursive: true });
        const server = await startAdminServer({ env: { DIST_DIR: dist } });
        await use(server);
        await server.stop();
        fs.rmSync(copy, { recursive: true, force: true });
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}
