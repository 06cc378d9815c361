/**
 * A draft form that saves itself as the owner types (the business details, an
 * article): a second after the last keystroke its fields go to its action as JSON,
 * and the status line says when it was saved. What is typed is also kept on this device (../browser/drafts.ts)
 * until the server has it, so a lost connection or an ended session loses nothing.
 * A save refused because someone else saved the draft meanwhile stops the saving
 * and says who and when; a reload shows their change.
 */
import { saveDrafts } from './drafts.ts';
import { showFieldErrors } from './field-errors.ts';

const QUIET_MS = 1000;

export interface AutosaveAnswer {
  ok: boolean;
  error?: string;
  revision?: string;
  savedAt?: string;
  problems?: Record<string, string>;
  /** The body as the page will show it (an article's live preview). */
  preview?: string;
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
function markSaved(form: HTMLFormElement, sent: Record<string, string | boolean>, revision: string, publish: string): void {
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
  for (const el of form.querySelectorAll<HTMLSelectElement>('select[name]')) {
    if (sent[el.name] === el.value) for (const option of el.options) option.defaultSelected = option.selected;
  }
  const other = document.querySelector<HTMLInputElement>(`form[data-admin-form="${publish}"] input[name="revision"]`);
  if (other) other.value = revision;
  saveDrafts();
}

export interface AutosaveOptions {
  /** The draft form's name (`data-admin-form`). */
  form: string;
  /** The form whose hidden revision follows the draft's (Publish). */
  publishForm: string;
  onSessionEnded: () => void;
  /** The forms whose text drafts.ts put back: a restored draft form is saved at once. */
  restored: string[];
  /** After each save the server accepted, with its answer (a screen's own additions). */
  onSaved?: (answer: AutosaveAnswer) => void;
}

/**
 * What the form says after an autosave answered: saved (with the fields to fix before
 * publishing), the session ended, or refused. 'stop' when someone else saved the draft
 * meanwhile, so this page saves no more over it.
 */
function showAnswer(
  form: HTMLFormElement,
  statusCode: number,
  answer: AutosaveAnswer,
  sent: Record<string, string | boolean>,
  options: AutosaveOptions,
): 'stop' | 'go on' {
  if (statusCode === 401) {
    status(form, 'Not saved: your session has ended. What you typed is kept on this device while you sign in again.', true);
    saveDrafts();
    options.onSessionEnded();
  } else if (statusCode === 409) {
    status(form, `${answer.error ?? 'Not saved: someone else saved this draft.'} What you typed is kept on this device.`, true);
    return 'stop';
  } else if (!answer.ok || !answer.revision) {
    status(
      form,
      `${answer.error ?? 'Not saved: the server had a problem.'} What you typed is kept on this device; it is sent again as you type.`,
      true,
    );
  } else {
    markSaved(form, sent, answer.revision, options.publishForm);
    showFieldErrors(form, answer.problems ?? {});
    const count = Object.keys(answer.problems ?? {}).length;
    status(form, `Saved at ${answer.savedAt ?? 'now'}${count ? `; ${count} field(s) to fix before publishing` : ''}.`, false);
    options.onSaved?.(answer);
  }
  return 'go on';
}

/** Makes the named draft form save itself as it is typed in, if the page has it. */
export function autosaveForm(options: AutosaveOptions): void {
  const { restored } = options;
  const form = document.querySelector<HTMLFormElement>(`form[data-admin-form="${options.form}"]`);
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
      const answer = (await res.json().catch(() => ({ ok: false }))) as AutosaveAnswer;
      if (showAnswer(form, res.status, answer, sent, options) === 'stop') stopped = true;
    } catch {
      status(
        form,
        'Not saved yet: the server cannot be reached. What you typed is kept on this device; it is sent again as you type.',
        true,
      );
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
  if (restored.includes(options.form)) soon();
}
