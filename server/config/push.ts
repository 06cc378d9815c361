import { z } from 'zod';
import { blankToUndefined } from '../../lib/env-fields.ts';

const base64url = (what: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]+$/, {
        message: `must be the ${what} in base64url, as \`npx web-push generate-vapid-keys\` prints it`,
      })
      .optional(),
  );

/** Push notification settings, spread into server/config/env.ts's schema (README "Environment"). */
export const pushEnvFields = {
  /** The VAPID key pair (docs/decisions/060-installable-admin-and-push.md); unset, one is made at first start and kept in the database. */
  VAPID_PUBLIC_KEY: base64url('public key'),
  VAPID_PRIVATE_KEY: base64url('private key'),
  /** Who runs this sender, for the push services: a mailto: or https: address; SITE_URL when unset (under https). */
  VAPID_SUBJECT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^(mailto:|https:\/\/)\S+$/, { message: 'must be a mailto: or https:// address' })
      .optional(),
  ),
};
