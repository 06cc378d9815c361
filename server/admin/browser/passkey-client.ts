/**
 * What the passkey screens' scripts share: posting JSON to our APIs and saying a
 * failure in plain words. The ceremonies themselves are `@simplewebauthn/browser`'s.
 */
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { postJson as postJsonAnswer } from './post-json.ts';

export interface PasskeyAnswer {
  ok: boolean;
  error?: string;
  options?: unknown;
  redirect?: string;
  [key: string]: unknown;
}

const UNREACHABLE = 'The server cannot be reached right now. Check the connection and try again.';

/** Posts to a passkey API; no answer, or one that is not ours, says the server cannot be reached. */
export async function postJson(url: string, body: unknown): Promise<PasskeyAnswer> {
  const sent = await postJsonAnswer<PasskeyAnswer>(url, body, UNREACHABLE);
  return sent?.answer ?? { ok: false, error: UNREACHABLE };
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

/**
 * The page's passkey form (`selector`), its button and its status line, made ready: the button
 * shown and the "needs JavaScript" line cleared. Null when the page has no such form, or when
 * the browser cannot use passkeys, which the status line then says (`unsupported`).
 */
export function readyPasskeyForm(
  selector: string,
  unsupported: string,
  unsupportedIsError = false,
): { form: HTMLFormElement; button: HTMLButtonElement | null; status: HTMLElement | null } | null {
  const form = document.querySelector<HTMLFormElement>(selector);
  if (!form) return null;
  const button = form.querySelector<HTMLButtonElement>('[data-passkey-button]');
  const status = form.querySelector<HTMLElement>('[data-passkey-status]');
  if (!browserSupportsWebAuthn()) {
    setStatus(status, unsupported, unsupportedIsError);
    return null;
  }
  if (button) button.hidden = false;
  setStatus(status, '');
  return { form, button, status };
}
