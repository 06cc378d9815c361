/**
 * The tag-manager container rule (docs/product.md, "Settings reach visitors
 * without a rebuild"), shared by the server, which decides, and the admin
 * page, which shows the same message while the owner types.
 */

/** Longest container value accepted, after stripping. */
export const CONTAINER_ID_MAX = 64;

export type ContainerIdResult =
  /** `value` null clears the setting. `stripped` is true when characters were removed. */
  { ok: true; value: string | null; stripped: boolean } | { ok: false; error: string };

const CONTAINER_PATTERN = /GTM-[A-Z0-9]{7}/;

/**
 * Strips `input` to ASCII letters, digits and hyphens, then accepts it when it
 * contains `GTM-` followed by 7 capital letters or digits and is at most 64
 * characters long. The stripped value is what is stored and injected; an empty
 * input clears the setting; anything else is refused with a sentence for the owner.
 */
export function parseContainerId(input: string): ContainerIdResult {
  if (input.trim() === '') return { ok: true, value: null, stripped: false };
  const stripped = input.replace(/[^A-Za-z0-9-]/g, '');
  if (stripped.length > CONTAINER_ID_MAX) {
    return {
      ok: false,
      error: `A container ID is at most ${CONTAINER_ID_MAX} characters long; this one has ${stripped.length} after removing spaces and symbols. Copy just the ID, for example GTM-AB12CD3.`,
    };
  }
  if (!CONTAINER_PATTERN.test(stripped)) {
    return {
      ok: false,
      error:
        'That is not a Tag Manager container ID. It starts with GTM- followed by at least 7 capital letters or digits, for example GTM-AB12CD3; you find it at the top of your Tag Manager workspace.',
    };
  }
  return { ok: true, value: stripped, stripped: stripped !== input };
}
