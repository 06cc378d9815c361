/**
 * "Sign in with a passkey" on /admin/login: the button, and the browser's passkey
 * autofill (conditional mediation) on the account field where the browser offers it.
 * Without JavaScript or passkey support the button stays hidden and GitHub remains.
 */
import { browserSupportsWebAuthnAutofill, startAuthentication } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { ceremonyProblem, postJson, readyPasskeyForm, setStatus } from '../browser/passkey-client.ts';

export function enhancePasskeySignIn(): void {
  const ready = readyPasskeyForm(
    'form[data-passkey-sign-in]',
    'This browser cannot use passkeys: sign in with GitHub below, or use another browser.',
  );
  if (!ready) return;
  const { form, button, status } = ready;

  const signIn = async (autofill: boolean): Promise<void> => {
    const started = await postJson(form.dataset.options!, {});
    if (!started.ok) return setStatus(status, started.error ?? 'Could not start a passkey sign-in.', true);
    let response;
    try {
      response = await startAuthentication({
        optionsJSON: started.options as PublicKeyCredentialRequestOptionsJSON,
        useBrowserAutofill: autofill,
      });
    } catch (error) {
      // The autofill's wait is cancelled whenever the button starts its own: nothing to say then.
      if (!autofill) setStatus(status, ceremonyProblem(error), true);
      return;
    }
    setStatus(status, 'Checking your passkey…');
    // The server checks `next` (a path of this site only) and answers where to go.
    const next = new URLSearchParams(location.search).get('next') ?? undefined;
    const answer = await postJson(form.dataset.action!, { response, next });
    if (answer.ok && answer.redirect) {
      setStatus(status, 'Signed in. Opening the admin area…');
      location.assign(answer.redirect);
      return;
    }
    setStatus(status, answer.error ?? 'The passkey sign-in was refused.', true);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void signIn(false);
  });
  void browserSupportsWebAuthnAutofill().then((yes) => {
    if (yes) void signIn(true);
  });
}
