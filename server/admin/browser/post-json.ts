import { saveDrafts } from './drafts.ts';

/**
 * Posts `body` as JSON to an admin API and reads the answer. An answer that is not ours
 * (a proxy's error page, a server restarting) says nothing the owner can use, so it becomes
 * `{ ok: false, error: unreadable }`; a request that never got an answer gives null.
 */
export async function postJson<A>(url: string, body: unknown, unreadable: string): Promise<{ status: number; answer: A } | null> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({ ok: false, error: unreadable }))) as A;
    return { status: res.status, answer };
  } catch {
    return null;
  }
}

/**
 * What every admin form says when its post has no answer to read: the server could not be
 * reached, or the session ended (what was typed is then kept, and `onSessionEnded` sends the
 * browser to sign in). Gives back the answer when there is one to read.
 */
export function answerToRead<A>(
  result: { status: number; answer: A } | null,
  say: (text: string) => void,
  onSessionEnded: () => void,
): { status: number; answer: A } | null {
  if (!result) {
    say('Not saved: the server could not be reached. What you typed is still here; try again.');
    return null;
  }
  if (result.status === 401) {
    say('Not saved: your session has ended. What you typed is kept while you sign in again.');
    saveDrafts();
    onSessionEnded();
    return null;
  }
  return result;
}

/**
 * Waits for `send` with the form's buttons disabled and the form marked busy, so a second tap
 * sends nothing more. With `busy` ("Publishing…"), the submit buttons say it meanwhile.
 */
export async function whileBusy<T>(form: HTMLFormElement, send: () => Promise<T>, busy?: string): Promise<T> {
  const buttons = [...form.querySelectorAll<HTMLButtonElement>('button')];
  const faces = buttons.map((b) => b.textContent);
  buttons.forEach((b) => {
    b.disabled = true;
    if (busy && b.type === 'submit') b.textContent = busy;
  });
  form.setAttribute('aria-busy', 'true');
  try {
    return await send();
  } finally {
    buttons.forEach((b, i) => {
      b.disabled = false;
      b.textContent = faces[i] ?? b.textContent;
    });
    form.removeAttribute('aria-busy');
  }
}
