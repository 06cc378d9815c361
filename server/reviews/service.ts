import { curatedPayload } from '../../lib/reviews-curated.ts';
import type { Built } from '../built/built.ts';
import { REVIEWS_REFRESH_MS, type ReviewsPayload } from '../../lib/reviews.ts';
import { googlePlacesConfig, googlePlacesMisconfiguration, type GooglePlacesEnv } from '../../lib/google-places-config.ts';
import { fetchPlaceReviews } from '../../lib/google-places.ts';

/** What `GET /api/reviews` serves, kept fresh in memory. */
export interface ReviewsService {
  /** True when Google credentials are set. */
  readonly configured: boolean;
  /** The last good Google data; the curated file when Google is not configured or has never answered. */
  current(): ReviewsPayload;
  /** Resolves once the first Google fetch has finished (at once when Google is not configured). Starts it if nobody has. */
  ready(): Promise<void>;
  /** Fetches from Google now; resolves true on success. A failure keeps the last good data. */
  refresh(): Promise<boolean>;
  /** Fetches now, then every REVIEWS_REFRESH_MS. Does nothing when Google is not configured. */
  start(): void;
  /** Stops the timer. Idempotent. */
  stop(): void;
}

export interface ReviewsServiceOptions {
  env: GooglePlacesEnv;
  fetch?: typeof globalThis.fetch;
  now?: () => Date;
  /** The curated file's payload (content/reviews.json, handed over by the build in dist/). */
  curated: (now: Date) => ReviewsPayload;
  log?: Pick<Console, 'warn' | 'info'>;
  intervalMs?: number;
}

/**
 * The reviews source. With credentials, Google's data is fetched at start and
 * every 300000 ms; a failed refresh keeps the last good data,
 * and until Google first answers the curated file is served. Several server
 * instances each refresh on their own: the data is not worth coordinating.
 */
export function createReviewsService({
  env,
  fetch = globalThis.fetch,
  now = () => new Date(),
  curated,
  log = console,
  intervalMs = REVIEWS_REFRESH_MS,
}: ReviewsServiceOptions): ReviewsService {
  const config = googlePlacesConfig(env);
  const problem = googlePlacesMisconfiguration(env);
  if (problem) log.warn(problem);

  let google: ReviewsPayload | null = null;
  let inFlight: Promise<boolean> | null = null;
  let first: Promise<boolean> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let failing = false;

  const refresh = (): Promise<boolean> => {
    if (!config) return Promise.resolve(false);
    inFlight ??= fetchPlaceReviews(config, { fetch, now })
      .then(
        (payload) => {
          google = payload;
          if (failing) log.info('Google reviews: refresh succeeded again.');
          failing = false;
          return true;
        },
        (error: unknown) => {
          // Logged once per run of failures, so an outage does not write a line every 5 minutes.
          if (!failing) {
            const kept = google ? `keeping the data from ${google.fetchedAt}` : 'serving the curated file';
            log.warn(`Google reviews: ${error instanceof Error ? error.message : String(error)}; ${kept}.`);
          }
          failing = true;
          return false;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    first ??= inFlight;
    return inFlight;
  };

  return {
    configured: config !== null,
    current: () => google ?? curated(now()),
    async ready() {
      if (!config) return;
      await (first ?? refresh());
    },
    refresh,
    start() {
      if (!config || timer) return;
      void refresh();
      timer = setInterval(() => void refresh(), intervalMs);
      // The timer alone must not keep the process alive after the server closes.
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** The curated reviews of the build being served, as the payload (read per call, so a reload applies). */
export function curatedReviews(built: Pick<Built, 'site'>): (now: Date) => ReviewsPayload {
  return (now) => curatedPayload(built.site.curatedReviews, now);
}
