/**
 * The Google Place ID a build fetches reviews for: the one the owner saved in the
 * admin's settings, which the publisher writes into the overlay as `google-place.json`,
 * wins over GOOGLE_PLACE_ID, as it does on the server
 * (docs/decisions/065-place-id-at-build-time.md). The build never reads the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PLACE_ID_PATTERN } from '../lib/google-places-config.ts';
import { overlayDir, overlayLabel } from '../content/layer/overlay-dir.ts';

/** The overlay's file holding the owner's Place ID. */
export const PLACE_ID_FILE = 'google-place.json';

/**
 * The owner's Place ID from the overlay, or null when there is none.
 * @throws naming the file when it holds something that is not a Place ID.
 */
export function ownerPlaceId(env: Record<string, string | undefined> = process.env): string | null {
  const dir = overlayDir(env);
  const file = dir && path.join(dir, PLACE_ID_FILE);
  if (!file || !fs.existsSync(file)) return null;
  const { placeId } = JSON.parse(fs.readFileSync(file, 'utf8')) as { placeId?: unknown };
  if (typeof placeId !== 'string' || !PLACE_ID_PATTERN.test(placeId)) {
    throw new Error(`${overlayLabel(file)}: field "placeId" must be a Google Place ID (letters, digits, _ and -)`);
  }
  return placeId;
}

/**
 * The build's environment with the owner's Place ID as GOOGLE_PLACE_ID, when the overlay holds one
 * and the build has an API key to fetch with (without one nothing is fetched, and a Place ID saved
 * only for the review link is no misconfiguration to warn about).
 */
export function withOwnerPlaceId(env: Record<string, string | undefined>): Record<string, string | undefined> {
  if (!env.GOOGLE_PLACES_API_KEY?.trim()) return env;
  const placeId = ownerPlaceId(env);
  return placeId ? { ...env, GOOGLE_PLACE_ID: placeId } : env;
}
