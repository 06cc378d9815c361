/** Where the second factor is given and managed; the guard lets a session that still owes it reach these. */
/** The second factor's APIs; the first three also serve a session that still owes its code. */
export const SECOND_FACTOR_API = {
  challenge: '/api/admin/second-factor/challenge',
  enrol: '/api/admin/second-factor/enrol',
  verify: '/api/admin/second-factor/verify',
  remove: '/api/admin/second-factor/remove',
  /** The second factor given with one of the user's passkeys instead of a code. */
  passkeyOptions: '/api/admin/second-factor/passkey-options',
  passkey: '/api/admin/second-factor/passkey',
} as const;
