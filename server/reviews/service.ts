import { curatedPayload } from '../../lib/reviews-curated.ts';
import { googleProfileUrl } from '../../lib/business-facts.ts';
import type { Built } from '../built/built.ts';
import { REVIEWS_REFRESH_MS, type ReviewsPayload } from '../../lib/reviews.ts';
import { googlePlacesConfig, googlePlacesMisconfiguration, type GooglePlacesEnv } from '../../lib/google-places-config.ts';
import { fetchPlaceReviews } from '../../lib/google-places.ts';

/** What `GET /api/reviews` serves, kept fresh in memory. */
export interface ReviewsService {
  /** True when Google credentials are set (the key, and a Place ID saved or in the environment). */
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
  /** The Place ID saved in the admin's settings, read at each refresh; it wins over GOOGLE_PLACE_ID. */
  placeId?: () => string | null;
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
// Long because the service's state (the last good data, the fetch in flight, the timer) is shared by its methods.
export function createReviewsService({
  env,
  placeId: storedPlaceId = () => null,
  fetch = globalThis.fetch,
  now = () => new Date(),
  curated,
  log = console,
  intervalMs = REVIEWS_REFRESH_MS,
}: ReviewsServiceOptions): ReviewsService {
  const config = () => googlePlacesConfig(env, storedPlaceId());
  const problem = googlePlacesMisconfiguration({ ...env, GOOGLE_PLACE_ID: config()?.placeId ?? env.GOOGLE_PLACE_ID });
  if (problem) log.warn(problem);

  /** Google's last good data, and the Place ID it is for: a changed Place ID makes it stale at once. */
  let google: { payload: ReviewsPayload; placeId: string } | null = null;
  let inFlight: Promise<boolean> | null = null;
  /** The first fetch for the Place ID `firstFor`: what `ready()` waits for. */
  let first: Promise<boolean> | null = null;
  let firstFor: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let failing = false;

  const refresh = (): Promise<boolean> => {
    const places = config();
    if (!places) return Promise.resolve(false);
    inFlight ??= fetchPlaceReviews(places, { fetch, now })
      .then(
        (payload) => {
          google = { payload, placeId: places.placeId };
          if (failing) log.info('Google reviews: refresh succeeded again.');
          failing = false;
          return true;
        },
        (error: unknown) => {
          // Logged once per run of failures, so an outage does not write a line every 5 minutes.
          if (!failing) {
            const kept = google ? `keeping the data from ${google.payload.fetchedAt}` : 'serving the curated file';
            log.warn(`Google reviews: ${error instanceof Error ? error.message : String(error)}; ${kept}.`);
          }
          failing = true;
          return false;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    if (firstFor !== places.placeId) {
      first = inFlight;
      firstFor = places.placeId;
    }
    return inFlight;
  };

  /** Google's data for the Place ID in use now; after the owner saves another one, none until it is fetched. */
  const fresh = (): ReviewsPayload | null => {
    const places = config();
    if (!places) return null;
    if (google?.placeId === places.placeId) return google.payload;
    // A Place ID never asked for yet (just saved by the owner): ask now rather than at the next tick.
    if (firstFor !== places.placeId && first !== null) void refresh();
    return null;
  };

  return {
    get configured() {
      return config() !== null;
    },
    current: () => fresh() ?? curated(now()),
    async ready() {
      const places = config();
      if (!places) return;
      // The first fetch, or the first for a Place ID the owner just saved.
      if (google?.placeId === places.placeId) return;
      await (firstFor === places.placeId ? first : refresh());
    },
    refresh,
    start() {
      // With the key set, the timer runs even before a Place ID exists: the owner may save one at any time.
      if (!env.GOOGLE_PLACES_API_KEY || timer) return;
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
  return (now) => curatedPayload(built.site.curatedReviews, now, googleProfileUrl(built.site.business.social));
}
