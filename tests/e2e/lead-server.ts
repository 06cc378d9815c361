import { test as base } from '@playwright/test';
import { startTestServer, type TestServer } from '../server-process.ts';

/**
 * `test` with a `server` of its own per worker, its lead rate limit raised: for
 * specs that post many leads from one address (no SMTP: leads are stored and
 * their emails wait as pending).
 */
export const test = base.extend<{ server: TestServer }, { leadServer: TestServer }>({
  leadServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startTestServer({ LEAD_RATE_LIMIT: '100000' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: async ({ leadServer }, use) => use(leadServer),
});
