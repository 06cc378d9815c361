import { isReviewsPayload, REVIEWS_FRESH_MS, REVIEWS_REFETCH_MS, REVIEWS_RETRIES, type ReviewsPayload } from '../lib/reviews.ts';

/** Wait before the one retry of a failed fetch. */
export const REVIEWS_RETRY_DELAY_MS = 1000;

export interface ReviewsQueryOptions {
  /** The data the page was rendered with. */
  initial: ReviewsPayload;
  /** Resolves with the parsed JSON of GET /api/reviews; rejects on a network error or a non-2xx answer. */
  fetchJson: () => Promise<unknown>;
  /** Called with newer data, only when what the page shows would change. */
  onData: (payload: ReviewsPayload) => void;
  now?: () => number;
  /** Background tabs are not polled (they catch up when shown again, if the data is stale by then). */
  isVisible?: () => boolean;
}

export interface ReviewsQuery {
  /** Fetches when the data is older than REVIEWS_FRESH_MS (call when the page becomes visible again). */
  refetchIfStale(): void;
  stop(): void;
}

/** Everything the page shows, without the fetch time (which differs on every answer). */
function shownContent(payload: ReviewsPayload): string {
  return JSON.stringify({ ...payload, fetchedAt: '' });
}

/**
 * The reviews section's data query: data is fresh
 * for 300 s, refetched every 5 minutes while the page is visible, and a failed
 * fetch is retried once before the current data is kept. No framework: the
 * island wires it to React state, tests drive it with fake timers.
 */
export function startReviewsQuery({
  initial,
  fetchJson,
  onData,
  now = () => Date.now(),
  isVisible = () => true,
}: ReviewsQueryOptions): ReviewsQuery {
  let shown = shownContent(initial);
  // Build-time data carries its build time: a page served days later refetches at once.
  const initialTime = Date.parse(initial.fetchedAt);
  let updatedAt = Number.isNaN(initialTime) ? 0 : Math.min(initialTime, now());
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const attempt = async (): Promise<void> => {
    for (let tries = 0; ; tries += 1) {
      try {
        const data = await fetchJson();
        if (!isReviewsPayload(data)) throw new Error('not a reviews payload');
        if (stopped) return;
        updatedAt = now();
        const content = shownContent(data);
        if (content !== shown) {
          shown = content;
          onData(data);
        }
        return;
      } catch {
        if (tries >= REVIEWS_RETRIES || stopped) return;
        await wait(REVIEWS_RETRY_DELAY_MS);
        if (stopped) return;
      }
    }
  };

  const fetchNow = () => {
    inFlight ??= attempt().finally(() => {
      inFlight = null;
    });
  };

  const isStale = () => now() - updatedAt >= REVIEWS_FRESH_MS;

  if (isStale()) fetchNow();
  const interval = setInterval(() => {
    if (isVisible()) fetchNow();
  }, REVIEWS_REFETCH_MS);

  return {
    refetchIfStale() {
      if (!stopped && isStale()) fetchNow();
    },
    stop() {
      stopped = true;
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
