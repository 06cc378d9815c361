/** What the second-factor page draws, and where a signed-in person adds a passkey. */
import type { FormState } from '../../../lib/admin/forms.ts';

/** A signed-in user's own passkeys (guarded). */
export const OWN_PASSKEY_API = {
  options: '/api/admin/passkeys/options',
  add: '/api/admin/passkeys/add',
} as const;

export interface SecondFactorPageView {
  /** What this session still owes before the admin area opens, or null. */
  step: 'challenge' | 'enrol' | null;
  status: 'none' | 'unverified' | 'verified';
  required: boolean;
  /** `uri` is the `otpauth://` address: a link opens the authenticator app on the same phone. */
  enrolment: { qrSvg: string; secret: string; uri: string } | null;
  /** The site's name, for the recovery codes' file. */
  siteName?: string;
  /** Shown once, right after the factor was verified. */
  recoveryCodes: string[] | null;
  recoveryLeft: number;
  /** This person's own passkeys, and the APIs that add one. */
  passkeys: { deviceName: string; created: string; lastUsed: string }[];
  passkeyApi: { options: string; add: string };
  next: string | null;
  form?: FormState;
  saved?: string;
}
