/**
 * What was typed in the admin's forms survives a reload and a session that ends
 * mid-edit (nothing typed is lost). Every change is kept in sessionStorage
 * (this tab only) under the page's address, query included, so each lead keeps its
 * own note; it is put back when the page opens again and dropped once its form is
 * saved or back to what the page was served with.
 *
 * A draft also keeps what its form was opened with (BASE_FIELDS): put back, a save
 * of a setting or status that someone changed meanwhile is refused and says so,
 * instead of replacing that change unseen with what the reloaded page was served.
 */

const KEY = 'admin-drafts';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** One field as kept: whether a box or radio button was ticked, otherwise its value. */
interface Kept {
  name: string;
  checked?: boolean;
  value?: string;
}

/** A form's kept fields, and the hidden base fields it was opened with. Older drafts are a bare list. */
interface FormDraft {
  fields: Kept[];
  base: Record<string, string>;
}

type Draft = Record<string, FormDraft | Kept[]>;

/**
 * Hidden fields that say what a form was opened with, which the server compares with
 * what is stored now: a setting's revision (server/admin/settings/SettingForm.tsx) and a
 * lead's or booking's status (server/admin/lead/StatusForm.tsx). A save refused
 * because of a change made meanwhile gives the form, and so its draft, the value
 * stored now (server/admin/settings/enhance.ts, server/admin/browser/workbench-forms.ts).
 */
const BASE_FIELDS = ['revision', 'was'];

const baseFields = (form: HTMLFormElement) =>
  BASE_FIELDS.map((name) => form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)).filter(
    (el): el is HTMLInputElement => el !== null,
  );

/** Input types with nothing typed worth keeping. */
const SKIPPED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file', 'password']);

const storageKey = () => `${KEY}:${location.pathname}${location.search}`;

/** The fields a draft keeps, in page order; a one-time code is never kept (it expires in seconds). */
function fields(form: HTMLFormElement): Field[] {
  return [...form.querySelectorAll<Field>('input[name], textarea[name], select[name]')].filter(
    (el) => !(el instanceof HTMLInputElement && (SKIPPED_TYPES.has(el.type) || el.autocomplete === 'one-time-code')),
  );
}

const ticks = (el: Field): el is HTMLInputElement =>
  el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');

/** True when the field differs from what the page was served with (or last saved). */
function changed(el: Field): boolean {
  if (ticks(el)) return el.checked !== el.defaultChecked;
  if (el instanceof HTMLSelectElement) {
    const options = [...el.options];
    if (el.multiple) return options.some((o) => o.selected !== o.defaultSelected);
    const served = options.findLastIndex((o) => o.defaultSelected);
    return el.selectedIndex !== (served === -1 ? 0 : served);
  }
  return el.value !== el.defaultValue;
}

/** Keeps the forms whose fields differ from what the page was served with, and forgets the others. */
export function saveDrafts(doc: Document = document): void {
  const drafts: Draft = {};
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-admin-form]')) {
    const list = fields(form);
    if (!list.some(changed)) continue;
    drafts[form.dataset.adminForm!] = {
      fields: list.map((el) => (ticks(el) ? { name: el.name, checked: el.checked } : { name: el.name, value: el.value })),
      base: Object.fromEntries(baseFields(form).map((el) => [el.name, el.value])),
    };
  }
  try {
    if (Object.keys(drafts).length) sessionStorage.setItem(storageKey(), JSON.stringify(drafts));
    else sessionStorage.removeItem(storageKey());
  } catch {
    // Storage may be full or disabled; the page goes on without drafts.
  }
}

/**
 * Puts kept drafts back into their forms; returns the names of the forms restored.
 * A form whose fields are no longer the ones kept (the page changed) is left as served.
 */
export function restoreDrafts(doc: Document = document): string[] {
  let drafts: Draft;
  try {
    drafts = JSON.parse(sessionStorage.getItem(storageKey()) ?? '{}') as Draft;
  } catch {
    return [];
  }
  const restored: string[] = [];
  for (const [name, draft] of Object.entries(drafts)) {
    const form = doc.querySelector<HTMLFormElement>(`form[data-admin-form="${CSS.escape(name)}"]`);
    const { fields: kept, base = {} } = Array.isArray(draft) ? { fields: draft } : (draft ?? {});
    if (!form || !Array.isArray(kept)) continue;
    const list = fields(form);
    if (list.length !== kept.length || list.some((el, i) => el.name !== kept[i]!.name)) continue;
    list.forEach((el, i) => {
      if (ticks(el)) el.checked = kept[i]!.checked === true;
      else el.value = kept[i]!.value ?? '';
    });
    for (const el of baseFields(form)) if (typeof base[el.name] === 'string') el.value = base[el.name]!;
    restored.push(name);
  }
  return restored;
}

/** Keeps drafts as they are typed, so a reload, a crash or a closed session loses nothing. */
export function watchDrafts(doc: Document = document): void {
  const save = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('form[data-admin-form]')) saveDrafts(doc);
  };
  doc.addEventListener('input', save);
  doc.addEventListener('change', save);
}
