/**
 * /admin/invitation: creates the invitee's passkey (`@simplewebauthn/browser`) with
 * the options the server made for this invitation, and signs them in.
 */
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { ceremonyProblem, postJson, readyPasskeyForm, setStatus } from '../browser/passkey-client.ts';

export function enhanceInvitation(): void {
  const ready = readyPasskeyForm(
    'form[data-invitation]',
    'This browser cannot make passkeys. Open the link in Safari, Chrome, Edge or Firefox on a recent phone or computer.',
    true,
  );
  if (!ready) return;
  const { form, button, status } = ready;
  const token = form.dataset.token!;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      if (button) button.disabled = true;
      try {
        const started = await postJson(form.dataset.options!, { token });
        if (!started.ok) return setStatus(status, started.error ?? 'This invitation cannot be used.', true);
        let response;
        try {
          response = await startRegistration({ optionsJSON: started.options as PublicKeyCredentialCreationOptionsJSON });
        } catch (error) {
          return setStatus(status, ceremonyProblem(error), true);
        }
        setStatus(status, 'Checking your new passkey…');
        const deviceName = new FormData(form).get('deviceName');
        const answer = await postJson(form.dataset.action!, { token, response, deviceName });
        if (answer.ok && answer.redirect) {
          setStatus(status, 'Your passkey is made and you are signed in. Opening the admin area…');
          location.assign(answer.redirect);
          return;
        }
        setStatus(status, answer.error ?? 'The new passkey was refused.', true);
      } finally {
        if (button) button.disabled = false;
      }
    })();
  });
}
