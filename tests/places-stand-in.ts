import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Google Places API (New) Place Details stand-in on 127.0.0.1 (Google is stood in for at the network boundary, never by patching modules). */
export interface PlacesStandIn {
  /** The base URL to put in GOOGLE_PLACES_BASE_URL. */
  url: string;
  /** Every request received, oldest first. */
  requests: { method: string; path: string; headers: IncomingHttpHeaders }[];
  /** What the next requests get: a status and a JSON body (or raw text), optionally after a delay. */
  respond(status: number, body: unknown, options?: { delayMs?: number; raw?: boolean }): void;
  close(): Promise<void>;
}

export const STAND_IN_PLACE_ID = 'ChIJstandInPlace0123456789';
export const STAND_IN_API_KEY = 'test-places-key';

/** A realistic Place Details (New) body, in the shape Google documents, with five reviews. */
export function placeDetailsBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const names = ['Dana Whitfield', 'Marcus Bell', 'Priya Raman', 'Tom Okafor', 'Lena Brooks'];
  return {
    id: STAND_IN_PLACE_ID,
    rating: 4.86,
    userRatingCount: 57,
    googleMapsUri: `https://maps.google.com/?cid=1234567890123456789`,
    reviews: names.map((name, i) => ({
      name: `places/${STAND_IN_PLACE_ID}/reviews/review${i + 1}`,
      relativePublishTimeDescription: `${i + 1} weeks ago`,
      rating: i === 3 ? 4 : 5,
      text: { text: `Stand-in review ${i + 1} by ${name}: the crew fixed the flashing and cleaned up.`, languageCode: 'en' },
      originalText: {
        text: `Stand-in review ${i + 1} by ${name}: the crew fixed the flashing and cleaned up.`,
        languageCode: 'en',
      },
      authorAttribution: {
        displayName: name,
        uri: `https://www.google.com/maps/contrib/10000000000000000000${i}/reviews`,
        photoUri: `https://lh3.googleusercontent.com/a/stand-in-${i}=s128-c0x00000000-cc-rp-mo`,
      },
      publishTime: `2026-10-0${i + 1}T15:04:05.123456Z`,
      flagContentUri: `https://www.google.com/local/review/rap/report?postId=stand-in-${i}`,
      googleMapsUri: `https://www.google.com/maps/reviews/data=!4m8!14m7!1m6!2m5!1sstand-in-${i}`,
    })),
    ...overrides,
  };
}

/** Starts the stand-in; by default it answers every Place Details request with `placeDetailsBody()`. */
export async function startPlacesStandIn(): Promise<PlacesStandIn> {
  let next: { status: number; body: unknown; delayMs: number; raw: boolean } = {
    status: 200,
    body: placeDetailsBody(),
    delayMs: 0,
    raw: false,
  };
  const requests: PlacesStandIn['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    const { status, body, delayMs, raw } = next;
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': raw ? 'text/html' : 'application/json' });
      res.end(raw ? String(body) : JSON.stringify(body));
    };
    if (delayMs > 0) setTimeout(send, delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(status, body, options = {}) {
      next = { status, body, delayMs: options.delayMs ?? 0, raw: options.raw ?? false };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
