/**
 * What was typed in the admin's forms survives a session that ends mid-edit: the
 * text is kept in sessionStorage (this tab only) before the browser goes to sign
 * in, and put back when the page opens again (issue 9: nothing typed is lost).
 */

const KEY = 'admin-drafts';

type Draft = Record<string, Record<string, string | boolean>>;

function fields(form: HTMLFormElement): (HTMLInputElement | HTMLTextAreaElement)[] {
  return [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')].filter(
    (el) => el.type !== 'hidden' && el.type !== 'submit',
  );
}

/** Keeps the forms whose fields differ from what the page was served with. */
export function saveDrafts(doc: Document = document): void {
  const drafts: Draft = {};
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-admin-form]')) {
    const changed = fields(form).some((el) =>
      el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked !== el.defaultChecked : el.value !== el.defaultValue,
    );
    if (!changed) continue;
    drafts[form.dataset.adminForm!] = Object.fromEntries(
      fields(form).map((el) => [el.name, el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value]),
    );
  }
  try {
    if (Object.keys(drafts).length) sessionStorage.setItem(`${KEY}:${location.pathname}`, JSON.stringify(drafts));
  } catch {
    // Storage may be full or disabled; the sign-in still goes ahead.
  }
}

/** Puts kept drafts back into their forms; returns the names of the forms restored. */
export function restoreDrafts(doc: Document = document): string[] {
  let drafts: Draft;
  try {
    const raw = sessionStorage.getItem(`${KEY}:${location.pathname}`);
    sessionStorage.removeItem(`${KEY}:${location.pathname}`);
    drafts = raw ? (JSON.parse(raw) as Draft) : {};
  } catch {
    return [];
  }
  const restored: string[] = [];
  for (const [name, values] of Object.entries(drafts)) {
    const form = doc.querySelector<HTMLFormElement>(`form[data-admin-form="${CSS.escape(name)}"]`);
    if (!form) continue;
    for (const el of fields(form)) {
      const value = values[el.name];
      if (value === undefined) continue;
      if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = value === true;
      else el.value = String(value);
    }
    restored.push(name);
  }
  return restored;
}
