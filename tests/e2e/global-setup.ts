import { startTestServer } from '../server-process.ts';

/** Starts our server on a free 127.0.0.1 port against the built dist/, with a throwaway database. */
export default async function globalSetup() {
  const server = await startTestServer();
  process.env.BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
