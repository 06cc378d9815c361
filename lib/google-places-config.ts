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

/** Credentials for Google, or null when the curated file is to be served (key or place id missing). */
export function googlePlacesConfig(env: GooglePlacesEnv): GooglePlacesConfig | null {
  if (!env.GOOGLE_PLACES_API_KEY || !env.GOOGLE_PLACE_ID) return null;
  return {
    apiKey: env.GOOGLE_PLACES_API_KEY,
    placeId: env.GOOGLE_PLACE_ID,
    baseUrl: env.GOOGLE_PLACES_BASE_URL ?? DEFAULT_GOOGLE_PLACES_BASE_URL,
  };
}

/** A readable warning when only one of the two credentials is set (a half-done setup silently serves samples). */
export function googlePlacesMisconfiguration(env: GooglePlacesEnv): string | null {
  if (Boolean(env.GOOGLE_PLACES_API_KEY) === Boolean(env.GOOGLE_PLACE_ID)) return null;
  const missing = env.GOOGLE_PLACES_API_KEY ? 'GOOGLE_PLACE_ID' : 'GOOGLE_PLACES_API_KEY';
  return `Google reviews are off: ${missing} is not set (set both GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID, or neither).`;
}
