/**
 * The business form saves itself as the owner types: a second after the last
 * keystroke its fields go to the draft endpoint, and the status line says when
 * it was saved. What is typed is also kept on this device (../browser/drafts.ts)
 * until the server has it, so a lost connection or an ended session loses nothing.
 * A save refused because someone else saved the draft meanwhile stops the saving
 * and says who and when; a reload shows their change.
 */
import { saveDrafts } from '../browser/drafts.ts';
import { showFieldErrors } from '../browser/field-errors.ts';

const QUIET_MS = 1000;

interface Answer {
  ok: boolean;
  error?: string;
  revision?: string;
  savedAt?: string;
  problems?: Record<string, string>;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

function status(form: HTMLFormElement, text: string, error: boolean): void {
  const line = form.querySelector<HTMLElement>('[data-feedback-status]');
  if (!line) return;
  line.textContent = text;
  line.classList.toggle('form-status-error', error);
}

function bodyOf(form: HTMLFormElement): Record<string, string | boolean> {
  const body: Record<string, string | boolean> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body[name] = value;
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')) body[box.name] = box.checked;
  return body;
}

/** What was sent is now what the page holds as saved: the kept copy on this device is dropped. */
function markSaved(form: HTMLFormElement, sent: Record<string, string | boolean>, revision: string): void {
  for (const el of form.querySelectorAll<Field>('input[name], textarea[name]')) {
    if (el instanceof HTMLInputElement && el.type === 'checkbox') {
      if (sent[el.name] === el.checked) el.defaultChecked = el.checked;
    } else if (el.name === 'revision') {
      el.value = revision;
      el.defaultValue = revision;
    } else if (sent[el.name] === el.value) {
      el.defaultValue = el.value;
    }
  }
  saveDrafts();
}

/** `restored` names the forms whose text drafts.ts put back: a restored business form is saved at once. */
export function enhanceBusinessForm(onSessionEnded: () => void, restored: string[]): void {
  const form = document.querySelector<HTMLFormElement>('form[data-admin-form="business"]');
  if (!form) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let again = false;
  let stopped = false;

  const save = async () => {
    if (stopped) return;
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    const sent = bodyOf(form);
    status(form, 'Saving…', false);
    try {
      const res = await fetch(form.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(sent),
      });
      const answer = (await res.json().catch(() => ({ ok: false }))) as Answer;
      if (res.status === 401) {
        status(form, 'Not saved: your session has ended. What you typed is kept on this device while you sign in again.', true);
        saveDrafts();
        onSessionEnded();
      } else if (res.status === 409) {
        stopped = true;
        status(form, `${answer.error ?? 'Not saved: someone else saved this draft.'} What you typed is kept on this device.`, true);
      } else if (!answer.ok || !answer.revision) {
        status(form, `${answer.error ?? 'Not saved: the server had a problem.'} What you typed is kept on this device; it is sent again as you type.`, true);
      } else {
        markSaved(form, sent, answer.revision);
        showFieldErrors(form, answer.problems ?? {});
        const count = Object.keys(answer.problems ?? {}).length;
        status(form, `Saved at ${answer.savedAt ?? 'now'}${count ? `; ${count} field(s) to fix before publishing` : ''}.`, false);
        const publish = document.querySelector<HTMLInputElement>('form[data-admin-form="publish"] input[name="revision"]');
        if (publish) publish.value = answer.revision;
      }
    } catch {
      status(form, 'Not saved yet: the server cannot be reached. What you typed is kept on this device; it is sent again as you type.', true);
    } finally {
      sending = false;
      if (again && !stopped) {
        again = false;
        void save();
      }
    }
  };

  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), QUIET_MS);
  };
  form.addEventListener('input', soon);
  form.addEventListener('change', soon);
  // "Save the draft" goes the same way, never beside a save in flight (their revisions would collide).
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target !== form) return;
      event.preventDefault();
      event.stopPropagation();
      clearTimeout(timer);
      void save();
    },
    true,
  );
  if (restored.includes('business')) soon();
}
