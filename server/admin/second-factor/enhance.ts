import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { ceremonyProblem, postJson, setStatus } from '../browser/passkey-client.ts';

/** "Add a passkey on this device": the browser makes it, the server checks it, the page shows it. */
export function enhanceAddPasskey(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-add-passkey]');
  if (!form) return;
  const button = form.querySelector<HTMLButtonElement>('[data-passkey-button]');
  const status = form.querySelector<HTMLElement>('[data-passkey-status]');
  if (!browserSupportsWebAuthn()) return setStatus(status, 'This browser cannot make passkeys.');
  if (button) button.hidden = false;
  setStatus(status, '');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const started = await postJson(form.dataset.options!, {});
      if (!started.ok) return setStatus(status, started.error ?? 'Could not start.', true);
      let response;
      try {
        response = await startRegistration({ optionsJSON: started.options as PublicKeyCredentialCreationOptionsJSON });
      } catch (error) {
        return setStatus(status, ceremonyProblem(error), true);
      }
      const answer = await postJson(form.dataset.action!, { response, deviceName: new FormData(form).get('deviceName') });
      if (!answer.ok) return setStatus(status, answer.error ?? 'The new passkey was refused.', true);
      setStatus(status, `Saved at ${new Date().toLocaleTimeString()}: “${String(answer.deviceName)}” signs you in from now on.`);
    })();
  });
}

/**
 * The recovery codes' copy button: shown only where the page may write to the
 * clipboard (a secure context with the Clipboard API); it says what happened in
 * the status beside it. Without it the download link and the codes on screen remain.
 */

/** The words the status line shows after a copy. */
function copyStatus(copied: boolean): string {
  return copied ? 'Copied. Paste them into a note or a password manager.' : 'Could not copy: download them or write them down.';
}

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
  const form = document.querySelector<HTMLFormElement>('form[data-passkey-second-factor]');
  if (!form) return;
  const button = form.querySelector<HTMLButtonElement>('[data-passkey-button]');
  const status = form.querySelector<HTMLElement>('[data-passkey-status]');
  if (!browserSupportsWebAuthn()) return setStatus(status, 'This browser cannot use passkeys: type the code instead.');
  if (button) button.hidden = false;
  setStatus(status, '');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const started = await postJson(form.dataset.options!, {});
      if (!started.ok) return setStatus(status, started.error ?? 'Could not start.', true);
      let response;
      try {
        response = await startAuthentication({ optionsJSON: started.options as PublicKeyCredentialRequestOptionsJSON });
      } catch (error) {
        return setStatus(status, ceremonyProblem(error), true);
      }
      const answer = await postJson(form.dataset.action!, { response, next: form.dataset.next || undefined });
      if (!answer.ok || !answer.redirect) return setStatus(status, answer.error ?? 'The passkey was refused.', true);
      setStatus(status, 'Accepted. Opening the admin area…');
      location.assign(answer.redirect);
    })();
  });
}
