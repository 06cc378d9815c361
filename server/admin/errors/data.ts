/**
 * What an error group means for the owner, in one plain sentence each: what happened,
 * whether visitors were affected and what to do. The technical detail stays for a developer.
 */
import type { ErrorLogKind } from '../../db/error-log.ts';

export interface ErrorSummary {
  /** What happened, in words. */
  what: string;
  /** Whether visitors noticed. */
  visitors: string;
  /** What the owner should do, if anything. */
  todo: string;
}

/** Addresses that only scanners looking for weaknesses ask for (another site's software, not ours). */
const SCANNER_PATH =
  /\.(php|asp|aspx|cgi|env|git|sql|bak)\b|wp-(admin|login|content|includes)|xmlrpc|phpmyadmin|\/\.well-known\/(?!security)/i;

/** An address of the admin (a path or a full URL): what fails there, no visitor sees. */
function inAdmin(url: string | null): boolean {
  return /^(https?:\/\/[^/]+)?\/(admin|api\/admin)(\/|$|\?)/.test(url ?? '');
}

export function errorSummary(kind: ErrorLogKind, key: string, message: string | null, url: string | null = null): ErrorSummary {
  const summary = visitorSummary(kind, key, message);
  if ((kind === 'render' || kind === 'server') && inAdmin(url)) {
    return { ...summary, visitors: 'No visitor was affected: it happened in the admin.' };
  }
  return summary;
}

function visitorSummary(kind: ErrorLogKind, key: string, message: string | null): ErrorSummary {
  if (kind === 'not_found') {
    if (SCANNER_PATH.test(key)) {
      return {
        what: `An automatic scanner asked for ${key}, which belongs to other websites’ software.`,
        visitors: 'No visitor was affected.',
        todo: 'Nothing to do: the site does not have that software, so there is nothing to find.',
      };
    }
    return {
      what: `Someone asked for ${key}, which is not a page of the site.`,
      visitors: 'They saw the “page not found” page, with links to the main pages.',
      todo: 'If it looks like an old address of the site or a link printed somewhere, ask your developer to send it to the right page.',
    };
  }
  if (kind === 'server') {
    return {
      what: 'A page or form failed on the server.',
      visitors:
        'Visitors saw the error page with the phone number to call, or the form said their request was not sent and showed the number.',
      todo: 'If it happens again, copy the details below for your developer: they say where it failed.',
    };
  }
  if (kind === 'visitor') {
    return {
      what: 'A visitor told you about a problem from the “Report an issue” page.',
      visitors: 'This visitor was affected; read what they wrote below.',
      todo: 'Reply if they left a way to reach them, and mark it resolved once it is handled.',
    };
  }
  const text = `${key} ${message ?? ''}`;
  if (/dynamically imported module|Loading chunk|Importing a module script failed|error loading dynamically/i.test(text)) {
    return {
      what: 'Part of a page (a form or a calculator) could not load in a visitor’s browser, usually because a new version of the site went live while they had the page open.',
      visitors: 'They saw the page without that part until they reloaded it.',
      todo: 'Nothing to do if it stops within a day of an update; if it keeps happening, tell your developer.',
    };
  }
  if (/Failed to fetch|NetworkError|Load failed|network/i.test(text)) {
    return {
      what: 'A visitor’s browser lost its connection while the page was talking to the server.',
      visitors: 'What they were doing may not have gone through; the forms say so and keep what was typed.',
      todo: 'Nothing to do unless many visitors have it at once; then check the server is running, or tell your developer.',
    };
  }
  if (/ResizeObserver loop/i.test(text)) {
    return {
      what: 'A browser warned about a layout that took two tries to settle.',
      visitors: 'Visitors did not notice anything.',
      todo: 'Nothing to do.',
    };
  }
  return {
    what: 'Something on a page failed in a visitor’s browser.',
    visitors: 'Part of the page may not have worked for them.',
    todo: 'Nothing to do unless it keeps happening; then copy the details for your developer.',
  };
}
