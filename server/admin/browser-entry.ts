/**
 * The admin pages' only script (built apart from the public bundle, so public
 * pages never load it). The admin shell reacts to the auth events here, in one
 * place: a session that ended sends the browser to sign in, with the way back.
 */
import { createAuthClient, type AuthEvent } from './browser/auth-events.ts';
import { LATEST_LEAD_PATH } from '../../lib/admin-leads.ts';
import { restoreDrafts, saveDrafts, watchDrafts } from './browser/drafts.ts';
import { enhanceCopyButtons } from './errors/enhance.ts';
import { enhanceContactLinks, enhanceQuickStatus } from './leads/enhance.ts';
import { enhanceInvitation } from './invitation/enhance.ts';
import { enhancePasskeySignIn } from './login/enhance.ts';
import { enhancePushSubscribe, registerAdminWorker } from './notifications/enhance.ts';
import { enhanceAddPasskey, enhancePasskeySecondFactor, enhanceRecoveryCodes } from './second-factor/enhance.ts';
import { enhanceBusinessForm } from './business/enhance.ts';
import { enhanceArticleForm } from './articles/enhance.ts';
import { enhanceSettingsForms } from './settings/enhance.ts';
import { enhanceWorkbenchForms, watchForNewLeads } from './browser/workbench-forms.ts';

const auth = createAuthClient();
// The login page (and the "not authorised" page, which shares its shell) expects no session; nor
// does the second-factor step, where /api/me answers 401 until the code is given.
const loginShell =
  document.querySelector('[data-slot="admin-login"]') !== null || document.querySelector('[data-second-factor-step]') !== null;
// An invitation is opened with or without a session, and its page goes on by itself once the passkey is made.
const invitationPage = document.querySelector('[data-slot="admin-invitation"]') !== null;

function react({ name, session, reason }: AuthEvent): void {
  // For the browser tests and anything else that wants to follow along.
  document.documentElement.dataset.authEvent = name;
  document.dispatchEvent(new CustomEvent('admin:auth', { detail: { name, reason } }));
  if (invitationPage) return;
  if (loginShell) {
    // Signed in (here or in another tab) while on the login page: go on; the server knows where.
    if (session && (name === 'INITIAL_SESSION' || name === 'SIGNED_IN')) location.reload();
    return;
  }
  const gone = name === 'SIGNED_OUT' || (name === 'INITIAL_SESSION' && !session);
  if (!gone) return;
  if (reason === 'signed-out' || reason === 'signed-out-here') {
    const target = signOutTarget ?? document.querySelector<HTMLFormElement>('form[data-sign-out]')?.dataset.signOut;
    location.assign(
      reason === 'signed-out-here' && target ? target.replace('signed_out=1', 'signed_out=partly') : (target ?? '/'),
    );
    return;
  }
  // Ended or no longer authorised: keep what was typed, then let the server's guard decide
  // (a redirect to /admin/login?next=… with this page as the way back, or the 403 page).
  saveDrafts();
  location.reload();
}

function showConnection(failing: boolean): void {
  let note = document.getElementById('admin-connection');
  if (!failing) {
    note?.remove();
    return;
  }
  if (note) return;
  note = document.createElement('p');
  note.id = 'admin-connection';
  note.className = 'admin-connection';
  note.setAttribute('role', 'status');
  note.textContent = 'The server cannot be reached right now; trying again. Nothing you typed is lost.';
  document.querySelector('.admin-bar')?.after(note);
}

auth.on(react);
auth.onConnection(showConnection);

/** Where the sign-out used lands (this device only, or every device). */
let signOutTarget: string | undefined;

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-sign-out]')) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.querySelector('button')?.setAttribute('disabled', '');
    signOutTarget = form.dataset.signOut;
    void auth.signOut(form.hasAttribute('data-sign-out-here'));
  });
}

const restored = restoreDrafts();
watchDrafts();
enhanceSettingsForms(() => void auth.check(), restored);
enhanceWorkbenchForms(() => void auth.check(), restored);
enhanceQuickStatus(() => void auth.check());
enhanceContactLinks();
enhanceCopyButtons();
enhanceRecoveryCodes();
enhanceAddPasskey();
enhancePasskeySecondFactor();
enhancePasskeySignIn();
enhanceInvitation();
enhancePushSubscribe();
registerAdminWorker();
enhanceBusinessForm(() => void auth.check(), restored);
enhanceArticleForm(() => void auth.check(), restored);
if (!loginShell && !invitationPage) watchForNewLeads(LATEST_LEAD_PATH);

void auth.check();
// Checked again whenever the tab comes back: a session may have ended meanwhile (a sign-out elsewhere).
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void auth.check();
});
window.addEventListener('focus', () => void auth.check());
