/**
 * The admin's session in the browser, in one module: it asks
 * GET /api/me on load and whenever the tab comes back, and emits the auth events
 * that still apply to a server-side session: INITIAL_SESSION, SIGNED_IN,
 * SIGNED_OUT, TOKEN_REFRESHED. A network failure (or a 5xx) is retried with
 * backoff from 200 ms, doubling, capped; a 401 is definitive.
 */
import { ME_PATH } from '../../../lib/admin-paths.ts';
import { SIGN_OUT_PATH, type MeAnswer } from '../../../lib/admin/sign-in.ts';

export type AuthEventName = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';

/**
 * Why SIGNED_OUT: the server no longer knows the session (401), the account lost its
 * role (403), the person signed out, or signed out while the database was down
 * (this device only: the server cleared the cookie but could not end the others).
 */
export type SignedOutReason = 'ended' | 'not-authorised' | 'signed-out' | 'signed-out-here';

export interface AuthEvent {
  name: AuthEventName;
  session: MeAnswer | null;
  reason?: SignedOutReason;
}

export const BACKOFF_START_MS = 200;
export const BACKOFF_CAP_MS = 10_000;
/** Tries before a check gives up until the next load or focus (about 40 s in all). */
export const MAX_ATTEMPTS = 9;

/** The wait before retry number `attempt` (0-based): 200, 400, 800 … ms, at most BACKOFF_CAP_MS. */
export function backoffDelay(attempt: number): number {
  return Math.min(BACKOFF_START_MS * 2 ** attempt, BACKOFF_CAP_MS);
}

export interface AuthClientOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface AuthClient {
  /** Asks the server for the session and emits what changed. Resolves when the check has an answer or gave up. */
  check(): Promise<void>;
  /** Signs out on every device (401, 403 and 404 are ignored: the session is gone either way), then emits SIGNED_OUT. */
  /** Ends every session of the account, or only this device's (`here`). */
  signOut(here?: boolean): Promise<void>;
  on(listener: (event: AuthEvent) => void): () => void;
  /** Called with true while a check keeps failing on the network, false when it got through. */
  onConnection(listener: (failing: boolean) => void): () => void;
}

// Stays long: one closure holds the session, the retry timer and the listeners that every method of the client shares.
export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const listeners = new Set<(event: AuthEvent) => void>();
  const connection = new Set<(failing: boolean) => void>();
  let known: MeAnswer | null | undefined;
  let running: Promise<void> | undefined;

  const emit = (name: AuthEventName, session: MeAnswer | null, reason?: SignedOutReason) => {
    for (const listener of listeners) listener({ name, session, ...(reason ? { reason } : {}) });
  };
  const connectionFailing = (failing: boolean) => {
    for (const listener of connection) listener(failing);
  };

  const settle = (session: MeAnswer | null, reason?: SignedOutReason) => {
    const before = known;
    known = session;
    if (before === undefined) {
      // Without a session, the reason says why (ended, or not authorised): a guarded page reacts to it.
      emit('INITIAL_SESSION', session, session ? undefined : reason);
      return;
    }
    if (session && (!before || before.user.login !== session.user.login)) emit('SIGNED_IN', session);
    else if (!session && before) emit('SIGNED_OUT', null, reason ?? 'ended');
    else if (session && before && Date.parse(session.session.expiresAt) > Date.parse(before.session.expiresAt)) {
      emit('TOKEN_REFRESHED', session);
    }
  };

  const ask = async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let res: Response | null = null;
      try {
        res = await fetchImpl(ME_PATH, {
          credentials: 'same-origin',
          cache: 'no-store',
          headers: { accept: 'application/json' },
        });
      } catch {
        res = null;
      }
      if (res && res.status === 200) {
        connectionFailing(false);
        settle((await res.json()) as MeAnswer);
        return;
      }
      if (res && (res.status === 401 || res.status === 403)) {
        connectionFailing(false);
        settle(null, res.status === 401 ? 'ended' : 'not-authorised');
        return;
      }
      connectionFailing(true);
      if (attempt < MAX_ATTEMPTS - 1) await sleep(backoffDelay(attempt));
    }
  };

  return {
    check() {
      running ??= ask().finally(() => {
        running = undefined;
      });
      return running;
    },
    async signOut(here = false) {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        let res: Response | null = null;
        try {
          res = await fetchImpl(here ? `${SIGN_OUT_PATH}?here=1` : SIGN_OUT_PATH, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { accept: 'application/json' },
          });
        } catch {
          res = null;
        }
        // Any answer means the server cleared the cookie; only the network failing leaves us unsure.
        if (res) {
          known = null;
          emit('SIGNED_OUT', null, res.status >= 500 ? 'signed-out-here' : 'signed-out');
          return;
        }
        connectionFailing(true);
        if (attempt < MAX_ATTEMPTS - 1) await sleep(backoffDelay(attempt));
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onConnection(listener) {
      connection.add(listener);
      return () => connection.delete(listener);
    },
  };
}
