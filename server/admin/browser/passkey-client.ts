/**
 * What the passkey screens' scripts share: posting JSON to our APIs and saying a
 * failure in plain words. The ceremonies themselves are `@simplewebauthn/browser`'s.
 */

export interface PasskeyAnswer {
  ok: boolean;
  error?: string;
  options?: unknown;
  redirect?: string;
  [key: string]: unknown;
}

export async function postJson(url: string, body: unknown): Promise<PasskeyAnswer> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as PasskeyAnswer;
  } catch {
    return { ok: false, error: 'The server cannot be reached right now. Check the connection and try again.' };
  }
}

/** The words for an error the browser's passkey prompt ended with. */
export function ceremonyProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'Cancelled, or the time ran out. Press the button to try again.';
  if (name === 'InvalidStateError') return 'This device already has a passkey for this account.';
  if (name === 'SecurityError') return 'Passkeys work only on the site’s own secure address (https).';
  return 'The passkey did not work on this device. Try again, or use another device.';
}

export function setStatus(el: HTMLElement | null | undefined, text: string, error = false): void {
  if (!el) return;
  el.textContent = text;
  el.classList.toggle('form-status-error', error);
}
