/**
 * /admin/settings with JavaScript: saves without reloading (so nothing typed is
 * lost when a save fails), checks the container id as it is typed with the
 * server's own rule, and previews the cleaned pixel as it is pasted. Without
 * JavaScript the same forms post plainly and the server answers with the page.
 */
import { PIXEL_PREVIEW_PATH, SAVED_MESSAGES, SETTINGS_FORMS, type SettingsForm } from '../../../lib/admin/settings.ts';
import { parseContainerId } from '../../../lib/tag-manager.ts';
import { saveDrafts } from '../browser/drafts.ts';
import { showFieldErrors } from '../browser/field-errors.ts';
import { swapInFresh } from '../browser/fresh-page.ts';
import { answerToRead, postJson, whileBusy } from '../browser/post-json.ts';

interface ApiAnswer {
  ok: boolean;
  error?: string;
  fields?: Record<string, string>;
  [key: string]: unknown;
}

/** A form's status line: a refusal in the error colour, a note (a draft put back, "Saving…") in plain ink, a save in green. */
function status(form: HTMLFormElement, text: string, error = false, note = false): void {
  const el = form.querySelector<HTMLElement>('[data-feedback] [role="status"]');
  if (!el) return;
  el.textContent = text;
  el.classList.toggle('form-status-error', error);
  el.classList.toggle('form-status-note', note && !error);
}

function bodyOf(form: HTMLFormElement, submitter: HTMLElement | null): Record<string, string | boolean> {
  const data = new FormData(form, submitter instanceof HTMLButtonElement && submitter.name ? submitter : undefined);
  const body: Record<string, string | boolean> = {};
  for (const [name, value] of data) if (typeof value === 'string') body[name] = value;
  for (const box of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name]')) body[box.name] = box.checked;
  return body;
}

const post = (url: string, body: unknown) =>
  postJson<ApiAnswer>(url, body, 'the server had a problem. Wait a minute and try again.');

/**
 * The status line after a refused save. Some refusals already begin with "Not saved:"
 * (those of the form's shape); saying it twice reads like a fault.
 */
export function refusalText(error: string | undefined): string {
  const reason = error ?? 'the server refused it.';
  return `${/^not saved\b/i.test(reason) ? reason : `Not saved: ${reason}`} What you typed is still here.`;
}

/** The hidden field with the revision of the setting a form saves (server/admin/settings/SettingForm.tsx). */
const revisionField = (root: Document, name: string) =>
  root.querySelector<HTMLInputElement>(`form[data-admin-form="${CSS.escape(name)}"] input[name="revision"]`);

/**
 * Re-reads the page and swaps in the parts that show saved state (never the form
 * fields being edited). With `revisionOf`, that form also takes the setting's
 * revision now: after a refusal because the setting changed meanwhile, saving
 * again replaces that change, as the message says.
 */
async function refreshSavedState(revisionOf?: HTMLFormElement): Promise<void> {
  try {
    const fresh = await swapInFresh(['[data-setting-state]', '[data-notice-state]', '[data-history]', '[data-host-list]']);
    const name = revisionOf?.dataset.adminForm;
    const now = fresh && name ? revisionField(fresh, name) : null;
    const mine = name ? revisionField(document, name) : null;
    if (now && mine) mine.value = mine.defaultValue = now.value;
  } catch {
    // The save itself succeeded; the summary updates on the next load.
  }
}

function showPreview(form: HTMLFormElement, html: string, changed: boolean, title: string): void {
  const box = form.querySelector<HTMLElement>('[data-pixel-preview]');
  if (!box) return;
  const heading = document.createElement('h3');
  heading.textContent = title;
  const parts: HTMLElement[] = [heading];
  if (html) {
    const pre = document.createElement('pre');
    const code = document.createElement('code');
    code.dataset.previewCode = '';
    // Text, never markup: the preview shows the code, it does not run it.
    code.textContent = html;
    pre.append(code);
    parts.push(pre);
  } else {
    const empty = document.createElement('p');
    empty.dataset.previewEmpty = '';
    empty.textContent = 'Nothing: no part of the snippet is allowed.';
    parts.push(empty);
  }
  if (changed) {
    const note = document.createElement('p');
    note.className = 'field-hint';
    note.dataset.previewChanged = '';
    note.textContent = 'Parts of what you pasted were removed or rewritten, as shown above.';
    parts.push(note);
  }
  box.replaceChildren(...parts);
}

async function preview(form: HTMLFormElement): Promise<void> {
  const result = await post(PIXEL_PREVIEW_PATH, bodyOf(form, null));
  if (!result || !result.answer.ok) return;
  showPreview(form, String(result.answer.html ?? ''), Boolean(result.answer.changed), 'What saving will add to every page');
}

function watchContainerId(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('[data-container-input]');
  if (!input) return;
  input.addEventListener('input', () => {
    const result = parseContainerId(input.value);
    showFieldErrors(form, result.ok ? {} : { containerId: result.error });
    // showFieldErrors moves focus to the first bad field; while typing it already has it.
    if (result.ok && result.stripped && result.value) status(form, `Will be saved as ${result.value}.`);
    else status(form, '');
  });
}

function watchPixel(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLTextAreaElement>('[data-pixel-input]');
  if (!input) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void preview(form), 400);
  });
}

/**
 * Saves each settings form with fetch. `onSessionEnded` runs on a 401, after what
 * was typed has been kept (the admin shell then sends the browser to sign in).
 */
export function enhanceSettingsForms(onSessionEnded: () => void, restored: string[]): void {
  const settingsForms = [...document.querySelectorAll<HTMLFormElement>('form[data-admin-form]')].filter((form) =>
    (SETTINGS_FORMS as readonly string[]).includes(form.dataset.adminForm ?? ''),
  );
  for (const form of settingsForms) {
    if (restored.includes(form.dataset.adminForm!)) {
      status(form, 'What you typed before is back in the form, not saved yet. Check it and save.', false, true);
    }
    watchContainerId(form);
    watchPixel(form);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
      if (submitter?.hasAttribute('data-preview-button')) {
        void preview(form);
        return;
      }
      // Read before the buttons are disabled: a disabled submitter's name and value are not part of the form data.
      const body = bodyOf(form, submitter);
      void (async () => {
        status(form, 'Saving…', false, true);
        const result = await whileBusy(form, () => post(form.action, body));
        const read = answerToRead(result, (text) => status(form, text, true), onSessionEnded);
        if (!read) return;
        const { status: code, answer } = read;
        if (!answer.ok) {
          showFieldErrors(form, answer.fields);
          status(form, refusalText(answer.error), true);
          // Changed meanwhile elsewhere: show that change in the history, and let a second save replace it
          // (the draft takes the new revision too, so a reload now does not bring the refusal back).
          if (code === 409) {
            await refreshSavedState(form);
            saveDrafts();
          }
          return;
        }
        showFieldErrors(form, {});
        // The server keeps the cleaned value: show what is stored now.
        const containerInput = form.querySelector<HTMLInputElement>('[data-container-input]');
        if (containerInput && 'containerId' in answer)
          containerInput.value = containerInput.defaultValue = String(answer.containerId ?? '');
        const placeInput = form.querySelector<HTMLInputElement>('[data-place-input]');
        if (placeInput && 'placeId' in answer) placeInput.value = placeInput.defaultValue = String(answer.placeId ?? '');
        const pixelInput = form.querySelector<HTMLTextAreaElement>('[data-pixel-input]');
        if (pixelInput && typeof answer.snippet === 'string') {
          pixelInput.value = pixelInput.defaultValue = answer.snippet;
          showPreview(form, answer.enabled ? answer.snippet : '', false, 'What every page carries now');
        }
        for (const el of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
          if (el instanceof HTMLInputElement && el.type === 'checkbox') el.defaultChecked = el.checked;
          else el.defaultValue = el.value;
        }
        if (form.dataset.adminForm === 'site-notice' && answer.notice === null) {
          form.reset();
          for (const el of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
            el.value = el.defaultValue = '';
          }
        }
        const revision = form.querySelector<HTMLInputElement>('input[name="revision"]');
        if (revision && typeof answer.revision === 'string') revision.value = revision.defaultValue = answer.revision;
        // Saved: this form's draft is dropped (the fields were set without input events).
        saveDrafts();
        status(
          form,
          answer.changed === false
            ? 'Nothing changed: that is already the saved value.'
            : SAVED_MESSAGES[form.dataset.adminForm as SettingsForm],
        );
        await refreshSavedState();
      })();
    });
  }
}
