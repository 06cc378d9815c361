import { loadCollection } from './content.ts';

/**
 * The services a visitor can pick on the lead forms (the
 * services list or "Not sure"): the menu labels of content/services/, A to Z.
 * The contact page renders them and the server validates against the same list.
 */
export function leadServiceOptions(): string[] {
  return loadCollection('services')
    .map((entry) => entry.data.nav.label)
    .sort((a, b) => a.localeCompare(b));
}
