/**
 * One-tap statuses with JavaScript: a tap on a lead's status button is sent with fetch, the
 * lead's status changes in place, and a toast says "Saved" with the time and offers Undo
 * for 10 seconds (longer while the pointer or the focus is on it). Without JavaScript the
 * same buttons post plainly and the page that answers says the same, with an Undo form.
 */
import { STATUS_LABELS, type LeadStatus } from '../../../lib/admin-leads.ts';
import { swapInFresh } from '../browser/fresh-page.ts';
import { postJson } from '../browser/post-json.ts';

export const UNDO_MS = 10_000;

interface Answer {
  ok: boolean;
  error?: string;
  was?: string;
  /** The office's clock at the save ("4:05 PM"). */
  savedAt?: string;
}

const post = (action: string, body: Record<string, string>) =>
  postJson<Answer>(action, body, 'Not saved: the server had a problem. Try again in a minute.');

const label = (status: string) => STATUS_LABELS[status as LeadStatus] ?? status;

/** The office's clock at the save, as the server said it; the phone's own if it did not. */
const clock = (answer: Answer) =>
  answer.savedAt ?? new Date().toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** The lead's status shown everywhere on this page (a row of the list, or the lead's own page), and the forms' `was`. */
function showStatus(form: HTMLFormElement, status: string): void {
  const scope = form.closest<HTMLElement>('[data-lead]') ?? document;
  for (const badge of scope.querySelectorAll<HTMLElement>('[data-row-status], [data-lead-status]')) {
    badge.textContent = label(status);
    badge.className = badge.className.replace(/lead-status-[a-z]+/, `lead-status-${status}`);
  }
  if (scope instanceof HTMLElement) scope.classList.toggle('lead-is-new', status === 'new');
  // Every form of this lead's status (on its page, the select's form too) starts from the new status.
  for (const other of scope.querySelectorAll<HTMLFormElement>('form')) {
    if (other.action !== form.action) continue;
    const was = other.querySelector<HTMLInputElement>('input[name="was"]');
    if (was) was.value = status;
    const select = other.querySelector<HTMLSelectElement>('select[name="status"]');
    if (select) select.value = status;
  }
  for (const button of form.querySelectorAll<HTMLButtonElement>('button[name="status"]')) {
    button.setAttribute('aria-pressed', String(button.value === status));
  }
}

/** The toast: one live region for the page, in the error colour when a change was refused. */
function createToast(): { show: (text: string, options?: { error?: boolean; undo?: () => void }) => void } {
  const toast = document.createElement('div');
  toast.className = 'admin-toast admin-toast-live';
  toast.setAttribute('role', 'status');
  document.body.append(toast);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let held = false;
  let expired = false;
  const clear = () => {
    expired = true;
    if (!held) toast.replaceChildren();
  };
  toast.addEventListener('pointerenter', () => (held = true));
  toast.addEventListener('focusin', () => (held = true));
  const release = () => {
    held = false;
    if (expired) toast.replaceChildren();
  };
  toast.addEventListener('pointerleave', release);
  toast.addEventListener('focusout', (event) => {
    if (!toast.contains(event.relatedTarget as Node | null)) release();
  });
  return {
    show(text, { error = false, undo } = {}) {
      clearTimeout(timer);
      expired = false;
      const line = document.createElement('p');
      line.textContent = text;
      toast.classList.toggle('admin-toast-error', error);
      toast.replaceChildren(line);
      if (undo) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'btn btn-small btn-outline';
        button.textContent = 'Undo';
        button.addEventListener('click', () => {
          button.disabled = true;
          undo();
        });
        toast.append(button);
      }
      timer = setTimeout(clear, UNDO_MS);
    },
  };
}

/** Enhances every one-tap status form of the page. `onSessionEnded` runs on a 401. */
export function enhanceQuickStatus(onSessionEnded: () => void): void {
  const forms = document.querySelectorAll<HTMLFormElement>('form[data-quick-status]');
  if (!forms.length) return;
  const toast = createToast();

  const change = async (form: HTMLFormElement, status: string, was: string, undoing: boolean): Promise<void> => {
    const name = form.dataset.leadName ?? 'The lead';
    const result = await post(form.action, { status, was });
    if (!result) {
      toast.show('Not saved: the server could not be reached. Try again.', { error: true });
      return;
    }
    if (result.status === 401) {
      toast.show('Not saved: your session has ended. Sign in again.', { error: true });
      onSessionEnded();
      return;
    }
    if (!result.answer.ok) {
      toast.show(result.answer.error ?? 'Not saved: the server refused it.', { error: true });
      // Changed meanwhile elsewhere: show what is stored now, so the next tap starts from it.
      if (result.status === 409 && typeof result.answer.was === 'string') showStatus(form, result.answer.was);
      return;
    }
    showStatus(form, status);
    // On the lead's page, its history shows the change at once.
    if (document.querySelector('[data-lead-history]')) void swapInFresh(['[data-lead-history]']).catch(() => null);
    if (undoing) {
      toast.show(`Saved at ${clock(result.answer)}: ${name} is back to ${label(status)}.`);
      return;
    }
    toast.show(`Saved at ${clock(result.answer)}: ${name} is now ${label(status)}.`, {
      undo: () => void change(form, was, status, true),
    });
  };

  for (const form of forms) {
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const button = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
      const was = form.querySelector<HTMLInputElement>('input[name="was"]')?.value ?? '';
      const status = button?.value ?? '';
      const name = form.dataset.leadName ?? 'The lead';
      if (!status) return;
      if (status === was) {
        toast.show(`${name} is already ${label(status)}.`);
        return;
      }
      form.setAttribute('aria-busy', 'true');
      void change(form, status, was, false).finally(() => form.removeAttribute('aria-busy'));
    });
  }
}

/**
 * Logs a tap on a lead's Call or Text link (`data-touch`), so the list can say how long the lead
 * waited. The link itself opens the phone app as always; the log is a keepalive post that
 * survives the page being left and is never waited on.
 */
export function enhanceContactLinks(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-touch][data-touch-action]');
    if (!link) return;
    void fetch(link.dataset.touchAction!, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ channel: link.dataset.touch }),
    }).catch(() => {});
  });
}
