/**
 * The business form's fields and the facts they make: a draft is what was typed
 * (form fields as strings), kept even when it is not valid yet; publishing checks
 * it with the build's schema (lib/business-facts.ts) and names each field at fault.
 */
import { businessFactsSchema, CLAIM_KEYS, PROMISE_KEYS, type BusinessFacts } from '../../../lib/business-facts.ts';

/** What the history says of the version the site was built with. */
export const BUILT_VERSION = 'The details as the site was built, before any change from here';

/** A draft as stored: the form's fields by name. */
export type BusinessDraft = Record<string, string>;

const TICKED = new Set(['on', 'true', '1', 'yes']);

/** The form's fields for a set of facts (the live ones when there is no draft). */
export function draftOf(facts: BusinessFacts): BusinessDraft {
  const draft: BusinessDraft = {
    name: facts.name,
    legalName: facts.legalName.value,
    legalNameConfirmed: String(facts.legalName.confirmed),
    phone: facts.phone,
    email: facts.email,
    street: facts.address.street,
    city: facts.address.city,
    region: facts.address.region,
    zip: facts.address.zip,
    hours: facts.hours.value,
    hoursConfirmed: String(facts.hours.confirmed),
    licenseNumber: facts.licenseNumber,
    social: facts.social.map((s) => `${s.name} ${s.url}`).join('\n'),
    serviceArea: facts.serviceArea,
    foundedYear: String(facts.foundedYear),
    financingMonths: facts.financingTerms.months.join(', '),
    financingConfirmed: String(facts.financingTerms.confirmed),
  };
  for (const key of CLAIM_KEYS) {
    draft[`claim.${key}`] = facts.claims[key].value;
    draft[`claim.${key}.confirmed`] = String(facts.claims[key].confirmed);
  }
  for (const key of PROMISE_KEYS) {
    draft[`promise.${key}`] = facts.promises[key].value;
    draft[`promise.${key}.confirmed`] = String(facts.promises[key].confirmed);
  }
  return draft;
}

/** The names of every field the form posts (anything else in a body is dropped). */
export const DRAFT_FIELDS = Object.keys(
  draftOf({
    name: '',
    legalName: { value: '', confirmed: false },
    phone: '',
    email: '',
    address: { street: '', city: '', region: '', zip: '' },
    hours: { value: '', confirmed: false },
    licenseNumber: '',
    social: [],
    serviceArea: '',
    foundedYear: 0,
    financingTerms: { months: [], confirmed: false },
    claims: Object.fromEntries(CLAIM_KEYS.map((k) => [k, { value: '', confirmed: false }])) as BusinessFacts['claims'],
    promises: Object.fromEntries(PROMISE_KEYS.map((k) => [k, { value: '', confirmed: false }])) as BusinessFacts['promises'],
  }),
);

const CONFIRM_FIELDS = DRAFT_FIELDS.filter((f) => f.endsWith('Confirmed') || f.endsWith('.confirmed'));

/** The posted body as a draft: only the form's fields, as strings; an unticked box (absent from a plain post) is false. */
export function draftFromPost(raw: Record<string, unknown>): BusinessDraft {
  const draft: BusinessDraft = {};
  for (const field of DRAFT_FIELDS) {
    const value = raw[field];
    if (CONFIRM_FIELDS.includes(field)) draft[field] = String(value === true || (typeof value === 'string' && TICKED.has(value)));
    else draft[field] = typeof value === 'string' ? value.slice(0, 2000) : '';
  }
  return draft;
}

/** A stored draft read back: anything not a string map (another version's row) counts as none. */
export function storedDraft(value: unknown): BusinessDraft | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => typeof v === 'string');
  return Object.fromEntries(entries) as BusinessDraft;
}

/** One profile per line: "Facebook https://www.facebook.com/yourpage". */
function socialOf(text: string): { name: string; url: string }[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.search(/https?:\/\//i);
      return at === -1
        ? { name: line, url: '' }
        : {
            name: line
              .slice(0, at)
              .trim()
              .replace(/[:\-–]\s*$/, '')
              .trim(),
            url: line.slice(at).trim(),
          };
    });
}

/** Where a problem at `path` of the facts shows in the form. */
function fieldOf(path: readonly PropertyKey[]): string {
  const [head, key, last] = path.map(String);
  switch (head) {
    case 'legalName':
    case 'hours':
      return key === 'confirmed' ? `${head}Confirmed` : head;
    case 'address':
      return key ?? 'street';
    case 'financingTerms':
      return key === 'confirmed' ? 'financingConfirmed' : 'financingMonths';
    case 'claims':
      return last === 'confirmed' ? `claim.${key}.confirmed` : `claim.${key}`;
    case 'promises':
      return last === 'confirmed' ? `promise.${key}.confirmed` : `promise.${key}`;
    default:
      return head ?? 'name';
  }
}

export type Checked = { ok: true; facts: BusinessFacts } | { ok: false; fields: Record<string, string> };

/** The draft checked by the build's schema: the facts, or a message per field at fault. */
export function checkDraft(draft: BusinessDraft): Checked {
  const tick = (field: string) => draft[field] === 'true';
  const candidate = {
    name: draft.name ?? '',
    legalName: { value: draft.legalName ?? '', confirmed: tick('legalNameConfirmed') },
    phone: draft.phone ?? '',
    email: draft.email ?? '',
    address: { street: draft.street ?? '', city: draft.city ?? '', region: draft.region ?? '', zip: draft.zip ?? '' },
    hours: { value: draft.hours ?? '', confirmed: tick('hoursConfirmed') },
    licenseNumber: draft.licenseNumber ?? '',
    social: socialOf(draft.social ?? ''),
    serviceArea: draft.serviceArea ?? '',
    foundedYear: (draft.foundedYear ?? '').trim() === '' ? Number.NaN : Number(draft.foundedYear),
    financingTerms: {
      months: (draft.financingMonths ?? '')
        .split(/[,\s]+/)
        .filter(Boolean)
        .map((m) => Number(m)),
      confirmed: tick('financingConfirmed'),
    },
    claims: Object.fromEntries(
      CLAIM_KEYS.map((k) => [k, { value: draft[`claim.${k}`] ?? '', confirmed: tick(`claim.${k}.confirmed`) }]),
    ),
    promises: Object.fromEntries(
      PROMISE_KEYS.map((k) => [k, { value: draft[`promise.${k}`] ?? '', confirmed: tick(`promise.${k}.confirmed`) }]),
    ),
  };
  const parsed = businessFactsSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, facts: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    const message =
      issue.path[0] === 'social'
        ? `Line ${Number(issue.path[1] ?? 0) + 1}: ${issue.message === 'Fill this in.' ? 'give the profile’s name, then its address.' : issue.message}`
        : issue.path[0] === 'foundedYear'
          ? 'Give a year, such as 2023.'
          : issue.message;
    fields[field] ??= message;
  }
  return { ok: false, fields };
}

/** True when a draft says the same as the live facts (nothing to publish). */
export function sameAs(draft: BusinessDraft, facts: BusinessFacts): boolean {
  const live = draftOf(facts);
  return DRAFT_FIELDS.every((field) => (draft[field] ?? '') === (live[field] ?? ''));
}
