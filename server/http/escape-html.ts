/** Text or an attribute value made safe for HTML: `&`, `<`, `>` and both quotes as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
