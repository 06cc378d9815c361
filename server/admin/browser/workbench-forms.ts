/**
 * The workbench's forms with JavaScript: each `data-workbench` form is
 * sent with fetch, so a refused save keeps everything typed, with the reason in
 * plain words at the field and in the form's status line. After a save the page
 * is read again; other forms' unsaved text is kept across it (drafts.ts).
 * Without JavaScript the same forms post plainly and the server answers with a page.
 */
import { saveDrafts } from './drafts.ts';
import { showFieldErrors } from './field-errors.ts';
import { swapInFresh } from './fresh-page.ts';
import { answerToRead, postJson, whileBusy } from './post-json.ts';

interface Answer {
  ok: boolean;
  error?: string;
  fields?: Record<string, string>;
  redirect?: string;
  recoveryCodes?: string[];
  /** After a 409, the status stored now (server/admin/lead/routes.ts). */
  was?: string;
}

/** How a status line reads: a refusal in the error colour, a note (a draft put back, "Saving…") in plain ink. */
type Tone = 'error' | 'note' | 'saved';

function statusLine(form: HTMLFormElement, text: string, tone: Tone | boolean): void {
  const line = form.querySelector<HTMLElement>('[data-feedback-status]');
  if (!line) return;
  const kind: Tone = tone === true ? 'error' : tone === false ? 'note' : tone;
  line.textContent = text;
  line.classList.toggle('form-status-error', kind === 'error');
  line.classList.toggle('form-status-note', kind === 'note');
}

/** A save's confirmation, carried across the reload that follows it (this tab only). */
const SAVED_KEY = 'admin-saved';

/** "Saved at 4:05 PM." (or the form's own verb: "Published at 4:05 PM."). */
export function savedAtText(at: Date, verb = 'Saved'): string {
  return `${verb} at ${at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}.`;
}

function rememberSaved(form: HTMLFormElement): void {
  try {
    sessionStorage.setItem(
      SAVED_KEY,
      JSON.stringify({ form: form.dataset.adminForm, path: location.pathname, text: savedAtText(new Date(), form.dataset.done) }),
    );
  } catch {
    // No storage (a private window): the page after the reload shows the change itself.
  }
}

function showRemembered(): void {
  type Remembered = { form?: string; path?: string; text?: string } | null;
  let saved: Remembered;
  try {
    saved = JSON.parse(sessionStorage.getItem(SAVED_KEY) ?? 'null') as Remembered;
    sessionStorage.removeItem(SAVED_KEY);
  } catch {
    return;
  }
  if (!saved?.form || saved.path !== location.pathname || !saved.text) return;
  const form = document.querySelector<HTMLFormElement>(`form[data-admin-form="${CSS.escape(saved.form)}"]`);
  if (form) statusLine(form, saved.text, 'saved');
}

function bodyOf(form: HTMLFormElement, submitter: HTMLElement | null = null): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  // The button tapped counts when it names a choice (Ask by text or by email).
  const data = new FormData(form, submitter instanceof HTMLButtonElement && submitter.name ? submitter : undefined);
  for (const [name, value] of data) if (typeof value === 'string') body[name] = value;
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')) body[box.name] = box.checked;
  return body;
}

/** Sends `form` as JSON; null when the server could not be reached. */
const send = (form: HTMLFormElement, body: Record<string, string | boolean>) =>
  postJson<Answer>(form.action, body, 'Not saved: the server had a problem. Wait a minute and try again.');

/**
 * An offer to undo (`data-undo-expires`, in milliseconds) goes after its time, leaving the
 * confirmation; without JavaScript it stays until the page is left.
 */
function expireUndos(): void {
  for (const offer of document.querySelectorAll<HTMLElement>('[data-undo-expires]')) {
    setTimeout(() => offer.querySelector('form[data-undo]')?.remove(), Number(offer.dataset.undoExpires));
  }
}

/**
 * Enhances the workbench forms of this page. `onSessionEnded` runs on a 401, after
 * what was typed has been kept. `restored` names the forms drafts were put back into.
 */
export function enhanceWorkbenchForms(onSessionEnded: () => void, restored: string[]): void {
  showRemembered();
  expireUndos();
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-workbench]')) {
    if (restored.includes(form.dataset.adminForm!)) {
      statusLine(form, 'What you typed before is back in the form, not saved yet. Check it and save.', false);
    }
    // The recovery codes must be shown by the page that answers the post: that form stays plain.
    if (form.dataset.adminForm === 'verify') continue;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      // Read before the buttons are disabled: a disabled submitter's name and value are not part of the form data.
      const body = bodyOf(form, event.submitter instanceof HTMLElement ? event.submitter : null);
      void (async () => {
        const busy = form.dataset.busy;
        statusLine(form, busy ?? 'Saving…', 'note');
        const result = await whileBusy(form, () => send(form, body), busy);
        const read = answerToRead(result, (text) => statusLine(form, text, true), onSessionEnded);
        if (!read) return;
        const { status, answer } = read;
        if (!answer.ok) {
          showFieldErrors(form, answer.fields);
          statusLine(form, `${answer.error ?? 'Not saved: the server refused it.'} What you typed is still here.`, true);
          // Changed meanwhile elsewhere: the form (and its draft) takes the value stored now, so a second save replaces it.
          const was = form.querySelector<HTMLInputElement>('input[type="hidden"][name="was"]');
          if (status === 409 && was && typeof answer.was === 'string') {
            was.value = answer.was;
            saveDrafts();
            // The refusal points to the history: show the change there, as the settings' refusal does.
            // (If the page cannot be read, the message still names the change; a reload shows it.)
            await swapInFresh(['[data-lead-status]', '[data-lead-history]']).catch(() => null);
          }
          return;
        }
        showFieldErrors(form, {});
        statusLine(form, savedAtText(new Date(), form.dataset.done), 'saved');
        rememberSaved(form);
        // This form is saved: only the others' unsaved text is kept across the reload.
        form.reset();
        saveDrafts();
        // An undo lands on the page without the offer to undo (`data-after`), never back on it.
        const after = answer.redirect ?? form.dataset.after;
        if (after) location.assign(after);
        else location.reload();
      })();
    });
  }
}

/**
 * The dashboard's new-lead watch (a new lead shows up without a reload):
 * while the tab is visible it asks for the newest lead's id every few seconds and,
 * when it changed, swaps in the fresh new-leads card and says so to screen readers.
 */
export function watchForNewLeads(latestPath: string): void {
  const card = document.querySelector<HTMLElement>('[data-live="leads"]');
  if (!card) return;
  let latest = Number(card.dataset.latestLead ?? 0);
  const every = Number(card.dataset.pollMs ?? 5000);
  const announcer = document.createElement('p');
  announcer.className = 'visually-hidden';
  announcer.setAttribute('role', 'status');
  card.before(announcer);
  const check = async () => {
    if (document.visibilityState !== 'visible') return;
    try {
      const res = await fetch(latestPath, { credentials: 'same-origin', cache: 'no-store' });
      if (!res.ok) return;
      const { latestId } = (await res.json()) as { latestId: number };
      if (latestId === latest) return;
      const fresh = await swapInFresh(['[data-live="leads"]']);
      if (!fresh?.querySelector('[data-live="leads"]')) return;
      latest = latestId;
      announcer.textContent = 'A new lead has arrived.';
    } catch {
      // The next check tries again.
    }
  };
  setInterval(() => void check(), every);
}
