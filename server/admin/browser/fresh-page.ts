/**
 * Reads this admin page again and puts the server's current version of the parts
 * matching `selectors` in place of those shown (each selector's matches, in page
 * order), never the forms being edited. Returns the fresh document, or null when the
 * page did not come back; a network failure rejects. Shared by the settings forms
 * (saved state, history), the lead page (status, history) and the dashboard (new leads).
 */
export async function swapInFresh(selectors: readonly string[]): Promise<Document | null> {
  const res = await fetch(location.pathname + location.search, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) return null;
  const fresh = new DOMParser().parseFromString(await res.text(), 'text/html');
  for (const selector of selectors) {
    const next = fresh.querySelectorAll(selector);
    document.querySelectorAll(selector).forEach((el, i) => {
      if (next[i]) el.replaceWith(document.importNode(next[i]!, true));
    });
  }
  return fresh;
}
