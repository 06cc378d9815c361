import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  placeDetailsBody,
  STAND_IN_API_KEY,
  STAND_IN_PLACE_ID,
  startPlacesStandIn,
  type PlacesStandIn,
} from '../tests/places-stand-in.ts';
import { fetchPlaceReviews, httpsUrl, PLACE_DETAILS_FIELD_MASK, PlacesError } from './google-places.ts';

let places: PlacesStandIn;
const config = () => ({ apiKey: STAND_IN_API_KEY, placeId: STAND_IN_PLACE_ID, baseUrl: places.url });
const fetchedAt = new Date('2026-11-21T12:00:00Z');

beforeAll(async () => {
  places = await startPlacesStandIn();
});

afterAll(async () => {
  await places?.close();
});

beforeEach(() => {
  places.requests.length = 0;
  places.respond(200, placeDetailsBody());
});

describe('fetchPlaceReviews', () => {
  it('asks Place Details (New) for the place with the key and the field mask in headers', async () => {
    await fetchPlaceReviews(config(), { now: () => fetchedAt });
    expect(places.requests).toHaveLength(1);
    const [request] = places.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe(`/v1/places/${STAND_IN_PLACE_ID}?languageCode=en`);
    expect(request!.headers['x-goog-api-key']).toBe(STAND_IN_API_KEY);
    expect(request!.headers['x-goog-fieldmask']).toBe(PLACE_DETAILS_FIELD_MASK);
    expect(PLACE_DETAILS_FIELD_MASK.split(',')).toEqual(
      expect.arrayContaining(['rating', 'userRatingCount', 'googleMapsUri', 'reviews']),
    );
  });

  it('maps rating, count, the place link and each review with its author attribution', async () => {
    const payload = await fetchPlaceReviews(config(), { now: () => fetchedAt });
    expect(payload).toMatchObject({
      source: 'google',
      sample: false,
      rating: 4.9,
      count: 57,
      mapsUrl: 'https://maps.google.com/?cid=1234567890123456789',
      sourceNote: null,
      fetchedAt: '2026-11-21T12:00:00.000Z',
    });
    expect(payload.reviews).toHaveLength(5);
    expect(payload.reviews[3]).toEqual({
      id: `places/${STAND_IN_PLACE_ID}/reviews/review4`,
      rating: 4,
      text: 'Stand-in review 4 by Tom Okafor: the crew fixed the flashing and cleaned up.',
      author: {
        name: 'Tom Okafor',
        url: 'https://www.google.com/maps/contrib/100000000000000000003/reviews',
        photoUrl: 'https://lh3.googleusercontent.com/a/stand-in-3=s128-c0x00000000-cc-rp-mo',
      },
      publishedAt: '2026-10-04T15:04:05.123456Z',
      timeLabel: '4 weeks ago',
      reviewUrl: 'https://www.google.com/maps/reviews/data=!4m8!14m7!1m6!2m5!1sstand-in-3',
      flagUrl: 'https://www.google.com/local/review/rap/report?postId=stand-in-3',
    });
  });

  it('keeps a rating-only review, drops one without an author, and never passes a non-https link on', async () => {
    places.respond(
      200,
      placeDetailsBody({
        reviews: [
          { name: 'r1', rating: 5, authorAttribution: { displayName: 'Quiet Rater', uri: 'javascript:alert(1)' } },
          { name: 'r2', rating: 5, text: { text: 'No author here' } },
          {
            name: 'r3',
            rating: 3,
            text: { text: 'Fine.' },
            authorAttribution: { displayName: 'Ann', photoUri: '//lh3.example/p' },
          },
        ],
      }),
    );
    const payload = await fetchPlaceReviews(config());
    expect(payload.reviews.map((r) => r.author.name)).toEqual(['Quiet Rater', 'Ann']);
    expect(payload.reviews[0]).toMatchObject({ text: '', author: { url: null }, publishedAt: null, timeLabel: '' });
    expect(payload.reviews[1]!.author.photoUrl).toBe('https://lh3.example/p');
  });

  it('formats the publish time when Google gives no relative time', async () => {
    places.respond(
      200,
      placeDetailsBody({
        reviews: [{ name: 'r', rating: 5, publishTime: '2026-03-09T10:00:00Z', authorAttribution: { displayName: 'Bo' } }],
      }),
    );
    const [review] = (await fetchPlaceReviews(config())).reviews;
    expect(review!.timeLabel).toBe('March 9, 2026');
  });

  it('reports Google’s error message, without the key, when Places refuses', async () => {
    places.respond(403, { error: { code: 403, message: 'The provided API key is invalid.', status: 'PERMISSION_DENIED' } });
    const error = await fetchPlaceReviews(config()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacesError);
    expect((error as PlacesError).status).toBe(403);
    expect((error as Error).message).toBe('Places answered 403: The provided API key is invalid.');
    expect((error as Error).message).not.toContain(STAND_IN_API_KEY);
  });

  it('fails on a body that is not JSON, on a body that is not a place, and on a timeout', async () => {
    places.respond(200, '<html>captive portal</html>', { raw: true });
    await expect(fetchPlaceReviews(config())).rejects.toThrow('not JSON');
    places.respond(200, [1, 2, 3]);
    await expect(fetchPlaceReviews(config())).rejects.toThrow('unexpected body');
    places.respond(200, placeDetailsBody(), { delayMs: 500 });
    await expect(fetchPlaceReviews(config(), { timeoutMs: 50 })).rejects.toThrow('no answer within 50 ms');
  });

  it('fails when nothing listens at the base URL', async () => {
    await expect(fetchPlaceReviews({ ...config(), baseUrl: 'http://127.0.0.1:9' })).rejects.toThrow(PlacesError);
  });
});

describe('httpsUrl', () => {
  it('accepts https, upgrades protocol-relative links and refuses everything else', () => {
    expect(httpsUrl('https://maps.google.com/?cid=1')).toBe('https://maps.google.com/?cid=1');
    expect(httpsUrl('//lh3.googleusercontent.com/a/x')).toBe('https://lh3.googleusercontent.com/a/x');
    expect(httpsUrl('http://maps.google.com/')).toBeNull();
    expect(httpsUrl('javascript:alert(1)')).toBeNull();
    expect(httpsUrl('not a url')).toBeNull();
    expect(httpsUrl(undefined)).toBeNull();
  });
});
