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
