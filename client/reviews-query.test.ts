import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEWS_FRESH_MS, REVIEWS_REFETCH_MS, type ReviewsPayload } from '../lib/reviews.ts';
import { REVIEWS_RETRY_DELAY_MS, startReviewsQuery, type ReviewsQuery } from './reviews-query.ts';

const START = Date.parse('2026-11-21T12:00:00Z');

function payload(overrides: Partial<ReviewsPayload> = {}): ReviewsPayload {
  return {
    source: 'curated',
    sample: true,
    rating: null,
    count: 1,
    mapsUrl: null,
    sourceNote: 'file',
    fetchedAt: new Date(START).toISOString(),
    reviews: [
      {
        id: 'curated-1',
        rating: 5,
        text: 'Sample',
        author: { name: 'Sample reviewer', url: null, photoUrl: null },
        publishedAt: null,
        timeLabel: '',
        reviewUrl: null,
        flagUrl: null,
      },
    ],
    ...overrides,
  };
}

let query: ReviewsQuery | undefined;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

afterEach(() => {
  query?.stop();
  query = undefined;
  vi.useRealTimers();
});

/** Lets the query's promise chains run between timer steps. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the reviews query', () => {
  it('does not fetch while the page’s data is fresh, then refetches every 5 minutes', async () => {
    const fetchJson = vi.fn(async () => payload({ fetchedAt: new Date().toISOString() }));
    query = startReviewsQuery({ initial: payload(), fetchJson, onData: () => {} });
    await settle();
    expect(fetchJson).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS - 1);
    expect(fetchJson).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchJson).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS);
    expect(fetchJson).toHaveBeenCalledTimes(2);
  });

  it('fetches at once when the page was built more than 300 s ago', async () => {
    const fetchJson = vi.fn(async () => payload());
    const built = payload({ fetchedAt: new Date(START - REVIEWS_FRESH_MS).toISOString() });
    query = startReviewsQuery({ initial: built, fetchJson, onData: () => {} });
    await settle();
    expect(fetchJson).toHaveBeenCalledTimes(1);
  });

  it('refetches on return to the page only once the data is stale', async () => {
    const fetchJson = vi.fn(async () => payload());
    query = startReviewsQuery({ initial: payload(), fetchJson, onData: () => {}, isVisible: () => false });
    await vi.advanceTimersByTimeAsync(REVIEWS_FRESH_MS - 1000);
    query.refetchIfStale();
    await settle();
    expect(fetchJson).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    query.refetchIfStale();
    await settle();
    expect(fetchJson).toHaveBeenCalledTimes(1);
  });

  it('does not poll a hidden page', async () => {
    const fetchJson = vi.fn(async () => payload());
    query = startReviewsQuery({ initial: payload(), fetchJson, onData: () => {}, isVisible: () => false });
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS * 3);
    expect(fetchJson).not.toHaveBeenCalled();
  });

  it('hands over new data only when what the page shows changes', async () => {
    const google = payload({ source: 'google', sample: false, rating: 4.9, count: 57 });
    const answers = [
      payload({ fetchedAt: '2026-11-21T12:05:00.000Z' }),
      google,
      { ...google, fetchedAt: '2026-11-21T12:15:00.000Z' },
    ];
    const fetchJson = vi.fn(async () => answers.shift());
    const onData = vi.fn();
    query = startReviewsQuery({ initial: payload(), fetchJson, onData });
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS * 3);
    expect(fetchJson).toHaveBeenCalledTimes(3);
    expect(onData).toHaveBeenCalledTimes(1);
    expect(onData).toHaveBeenCalledWith(google);
  });

  it('retries a failed fetch once, then keeps the current data until the next round', async () => {
    const fetchJson = vi.fn(async () => {
      throw new Error('offline');
    });
    const onData = vi.fn();
    query = startReviewsQuery({ initial: payload(), fetchJson, onData });
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS);
    expect(fetchJson).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REVIEWS_RETRY_DELAY_MS);
    expect(fetchJson).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS - REVIEWS_RETRY_DELAY_MS - 1);
    expect(fetchJson).toHaveBeenCalledTimes(2);
    expect(onData).not.toHaveBeenCalled();
  });

  it('uses the retry when the first attempt fails', async () => {
    const google = payload({ source: 'google', sample: false });
    const fetchJson = vi.fn().mockRejectedValueOnce(new Error('502')).mockResolvedValueOnce(google);
    const onData = vi.fn();
    query = startReviewsQuery({ initial: payload(), fetchJson, onData });
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS + REVIEWS_RETRY_DELAY_MS);
    expect(onData).toHaveBeenCalledWith(google);
  });

  it('treats an answer that is not a reviews payload as a failure', async () => {
    const fetchJson = vi.fn(async () => ({ ok: false, error: 'Something went wrong' }));
    const onData = vi.fn();
    query = startReviewsQuery({ initial: payload(), fetchJson, onData });
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS + REVIEWS_RETRY_DELAY_MS);
    expect(fetchJson).toHaveBeenCalledTimes(2);
    expect(onData).not.toHaveBeenCalled();
  });

  it('stops polling and drops late answers after stop()', async () => {
    let release: (value: unknown) => void = () => {};
    const fetchJson = vi.fn(() => new Promise((resolve) => (release = resolve)));
    const onData = vi.fn();
    query = startReviewsQuery({ initial: payload(), fetchJson, onData });
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS);
    query.stop();
    release(payload({ source: 'google', sample: false }));
    await vi.advanceTimersByTimeAsync(REVIEWS_REFETCH_MS * 2);
    expect(fetchJson).toHaveBeenCalledTimes(1);
    expect(onData).not.toHaveBeenCalled();
  });
});
