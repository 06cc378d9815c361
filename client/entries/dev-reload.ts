/**
 * `npm run dev`'s page script. It asks the server for the build it shows and gets its
 * answer when a rebuild has replaced it (a long poll: server/site/dev-build-wait.ts holds the
 * request), so the page reloads as soon as the server has the edit, not at the next poll
 * (docs/decisions/018-build-speed-and-dev-reload.md). Without an answer (the server
 * restarting, or not a dev build) it asks again a quarter of a second later.
 *
 * Only one open page per browser waits (the holder of a Web Lock) and tells the others over a
 * BroadcastChannel: a browser opens at most six HTTP/1.1 connections to a host, so a wait per
 * page would leave a seventh page, or any request of the six, queued until a wait ends (20 s).
 * Each page still learns its own build first, so one that missed the message reloads when it
 * takes over the wait. Where Web Locks are missing (a page on a LAN address is not a secure
 * context), every page waits for itself.
 */
import { DEV_BUILD_WAIT_PATH } from '../../lib/server-data.ts';

let tag: string | null | undefined;
const channel = self.BroadcastChannel ? new BroadcastChannel('dev-build') : null;

/** One ask; resolves false once the page is reloading. */
async function ask(): Promise<boolean> {
  let pause = 250;
  try {
    const response = await fetch(DEV_BUILD_WAIT_PATH, { cache: 'no-store', headers: tag ? { 'if-none-match': tag } : {} });
    const next = response.status === 200 ? response.headers.get('etag') : null;
    if (next && tag && next !== tag) {
      channel?.postMessage(next);
      location.reload();
      return false;
    }
    if (next) {
      tag = next;
      pause = 0;
    } else if (response.status === 304) pause = 0;
  } catch {
    // The server is restarting: ask again after the pause.
  }
  await new Promise((resolve) => setTimeout(resolve, pause));
  return true;
}

if (channel) {
  channel.onmessage = (event: MessageEvent<string>) => {
    if (tag && event.data !== tag) location.reload();
  };
}

void (async () => {
  while (!tag) if (!(await ask())) return;
  const wait = async () => {
    while (await ask());
  };
  if (navigator.locks) void navigator.locks.request('dev-build-wait', wait);
  else void wait();
})();
