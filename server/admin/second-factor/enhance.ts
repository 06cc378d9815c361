import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { ceremonyProblem, postJson, setStatus } from '../browser/passkey-client.ts';

type Answer = Awaited<ReturnType<typeof postJson>>;

/**
 * A passkey form: its button shows where the browser can use passkeys; a submit asks the server
 * for options, runs the browser's ceremony on them, posts the result and hands the answer to `done`.
 */
function passkeyForm(
  selector: string,
  texts: { unsupported: string; refused: string },
  ceremony: (options: unknown) => Promise<unknown>,
  body: (form: HTMLFormElement, response: unknown) => Record<string, unknown>,
  done: (answer: Answer, status: HTMLElement | null) => boolean,
): void {
  const form = document.querySelector<HTMLFormElement>(selector);
  if (!form) return;
  const button = form.querySelector<HTMLButtonElement>('[data-passkey-button]');
  const status = form.querySelector<HTMLElement>('[data-passkey-status]');
  if (!browserSupportsWebAuthn()) return setStatus(status, texts.unsupported);
  if (button) button.hidden = false;
  setStatus(status, '');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const started = await postJson(form.dataset.options!, {});
      if (!started.ok) return setStatus(status, started.error ?? 'Could not start.', true);
      let response;
      try {
        response = await ceremony(started.options);
      } catch (error) {
        return setStatus(status, ceremonyProblem(error), true);
      }
      const answer = await postJson(form.dataset.action!, body(form, response));
      if (!done(answer, status)) setStatus(status, answer.error ?? texts.refused, true);
    })();
  });
}

/** "Add a passkey on this device": the browser makes it, the server checks it, the page shows it. */
export function enhanceAddPasskey(): void {
  passkeyForm(
    'form[data-add-passkey]',
    { unsupported: 'This browser cannot make passkeys.', refused: 'The new passkey was refused.' },
    (options) => startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }),
    (form, response) => ({ response, deviceName: new FormData(form).get('deviceName') }),
    (answer, status) => {
      if (!answer.ok) return false;
      setStatus(status, `Saved at ${new Date().toLocaleTimeString()}: “${String(answer.deviceName)}” signs you in from now on.`);
      return true;
    },
  );
}

/** The words the status line shows after a copy. */
function copyStatus(copied: boolean): string {
  return copied ? 'Copied. Paste them into a note or a password manager.' : 'Could not copy: download them or write them down.';
}

/**
 * The recovery codes' copy button: shown only where the page may write to the
 * clipboard (a secure context with the Clipboard API); it says what happened in
 * the status beside it. Without it the download link and the codes on screen remain.
 */
export function enhanceRecoveryCodes(): void {
  if (!window.isSecureContext || !navigator.clipboard?.writeText) return;
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy-codes]')) {
    const status = button.parentElement?.querySelector<HTMLElement>('[data-copy-status]');
    button.hidden = false;
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(button.dataset.copyCodes ?? '').then(
        () => {
          if (status) status.textContent = copyStatus(true);
        },
        () => {
          if (status) status.textContent = copyStatus(false);
        },
      );
    });
  }
}

/** "Use your passkey" after GitHub sign-in: the browser asks for the user's passkey, the server checks it, the page goes on. */
export function enhancePasskeySecondFactor(): void {
  passkeyForm(
    'form[data-passkey-second-factor]',
    { unsupported: 'This browser cannot use passkeys: type the code instead.', refused: 'The passkey was refused.' },
    (options) => startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
    (form, response) => ({ response, next: form.dataset.next || undefined }),
    (answer, status) => {
      if (!answer.ok || !answer.redirect) return false;
      setStatus(status, 'Accepted. Opening the admin area…');
      location.assign(String(answer.redirect));
      return true;
    },
  );
}
