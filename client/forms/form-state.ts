import { createContext, useContext } from 'react';

type Values = Record<string, string | boolean> | undefined;

/** What every field of one form reads from it: set once on the form, so a field names only itself. */
export interface FormState {
  /** Makes every id in the form unique (several forms can share a page). */
  idPrefix: string;
  /** Values kept after a failed post, as they were typed. */
  values?: Values;
  errors: Record<string, string | undefined>;
  /** The field that gets focus on load (the first bad one after a server re-render). */
  focusField?: string;
}

export const FormStateContext = createContext<FormState>({ idPrefix: 'form', errors: {} });

/** The id of a form control, unique per form instance (several forms can share a page). */
export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

/** A string value of a kept form, or '' (values kept after a failed post). */
export const textValue = (values: Values, key: string) => (typeof values?.[key] === 'string' ? (values[key] as string) : '');

/** What the field `name` shows from its form: its id, kept value and error, and whether it gets focus on load. */
export function useFieldState(name: string) {
  const form = useContext(FormStateContext);
  const id = fieldId(form.idPrefix, name);
  return {
    id,
    hintId: `${id}-hint`,
    errorId: `${id}-error`,
    value: textValue(form.values, name),
    checked: form.values?.[name] === true,
    error: form.errors[name],
    autoFocus: form.focusField === name ? true : undefined,
  };
}

/** The aria-describedby of a control: its hint and its error, when shown. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
