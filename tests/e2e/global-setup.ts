import { startAdminServer } from '../admin-server.ts';

/**
 * Starts our server on a free 127.0.0.1 port against the built dist/, with a
 * throwaway database and sign-in through the GitHub stand-in (as `npm run dev` has it).
 */
export default async function globalSetup() {
  const server = await startAdminServer();
  process.env.BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
