import { z } from 'zod';
import { blankToUndefined, httpUrl, withoutTrailingSlash } from './env-fields.ts';

/** Google's Places API (New) host; tests point GOOGLE_PLACES_BASE_URL at a stand-in on 127.0.0.1. */
export const DEFAULT_GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com';

/**
 * The reviews settings, spread into server/config/env.ts's schema and also read by the
 * build (which must not need the server's other variables).
 */
export const googlePlacesEnvFields = {
  GOOGLE_PLACES_API_KEY: z.preprocess(blankToUndefined, z.string().trim().optional()),
  GOOGLE_PLACE_ID: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{10,300}$/, {
        message: 'must be a Google place ID such as ChIJN1t_tDeuEmsRUsoyG83frY4 (letters, digits, _ and -)',
      })
      .optional(),
  ),
  /** Unset means DEFAULT_GOOGLE_PLACES_BASE_URL (applied by `googlePlacesConfig`). */
  GOOGLE_PLACES_BASE_URL: httpUrl('https://places.googleapis.com').transform(withoutTrailingSlash).optional(),
};

const googlePlacesEnvSchema = z.object(googlePlacesEnvFields);

export type GooglePlacesEnv = z.infer<typeof googlePlacesEnvSchema>;

export interface GooglePlacesConfig {
  apiKey: string;
  placeId: string;
  baseUrl: string;
}

/** The Places settings from an environment-like object (the build reads process.env with this). */
export function readGooglePlacesEnv(source: Record<string, string | undefined>): GooglePlacesEnv {
  return googlePlacesEnvSchema.parse(source);
}

/** A Place ID as the admin's settings screen accepts it: Google's opaque id, letters, digits, _ and -. */
export const PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

export type PlaceIdResult = { ok: true; value: string | null } | { ok: false; error: string };

/**
 * The owner's Place ID, trimmed: empty clears the setting (the environment's, if any, then
 * applies); anything but Google's letters, digits, _ and - of a plausible length is refused
 * with a sentence for the owner.
 */
export function parsePlaceId(input: string): PlaceIdResult {
  const value = input.trim();
  if (value === '') return { ok: true, value: null };
  if (PLACE_ID_PATTERN.test(value)) return { ok: true, value };
  const why = /[^A-Za-z0-9_-]/.test(value)
    ? 'It has a space or a sign Google never uses in one.'
    : value.length < 20
      ? `It is too short (${value.length} characters; a Place ID has at least 20).`
      : `It is too long (${value.length} characters; a Place ID has at most 200).`;
  return {
    ok: false,
    error: `That is not a Google Place ID. ${why} A Place ID looks like ChIJN1t_tDeuEmsRUsoyG83frY4: letters, digits, _ and -. Copy it from Google’s Place ID finder.`,
  };
}

/** The Place ID in use: the one saved in the admin's settings wins over GOOGLE_PLACE_ID. */
export function effectivePlaceId(
  env: Pick<GooglePlacesEnv, 'GOOGLE_PLACE_ID'>,
  stored: string | null | undefined,
): string | null {
  return stored || env.GOOGLE_PLACE_ID || null;
}

/**
 * Credentials for Google, or null when the curated file is to be served (key or place id
 * missing). `stored` is the Place ID saved in the admin's settings, which wins over the environment's.
 */
export function googlePlacesConfig(env: GooglePlacesEnv, stored?: string | null): GooglePlacesConfig | null {
  const placeId = effectivePlaceId(env, stored);
  if (!env.GOOGLE_PLACES_API_KEY || !placeId) return null;
  return {
    apiKey: env.GOOGLE_PLACES_API_KEY,
    placeId,
    baseUrl: env.GOOGLE_PLACES_BASE_URL ?? DEFAULT_GOOGLE_PLACES_BASE_URL,
  };
}

/** A readable warning when only one of the two credentials is set (a half-done setup silently serves samples). */
export function googlePlacesMisconfiguration(env: GooglePlacesEnv): string | null {
  if (Boolean(env.GOOGLE_PLACES_API_KEY) === Boolean(env.GOOGLE_PLACE_ID)) return null;
  const missing = env.GOOGLE_PLACES_API_KEY ? 'GOOGLE_PLACE_ID' : 'GOOGLE_PLACES_API_KEY';
  return `Google reviews are off: ${missing} is not set (set both GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID, or neither).`;
}
