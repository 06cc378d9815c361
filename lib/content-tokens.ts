/**
 * The {{token}}s a Markdown body may use instead of typed facts and figures
 * (docs/content-guide.md): `{{phone}}` and the other business facts, `{{fig:id}}`
 * (a figure of content/figures.ts, printed) and `{{basis:id}}` (where it comes from,
 * with its year). The build replaces them from content/ (content/layer/tokens.ts);
 * the admin's article preview from what the build handed the server.
 */

export const TOKEN_PATTERN = /\{\{\s*([a-zA-Z]+)(?::([a-z0-9-]+))?\s*\}\}/g;

/** A figure as a page prints it, and its basis. */
export interface FigureText {
  text: string;
  basis: string;
}

/** Replaces every token from `tokens` and `figure`; an unknown one is an error naming it and the file. */
export function replaceTokensWith(
  text: string,
  file: string,
  tokens: Record<string, string>,
  figure: (id: string) => FigureText,
): string {
  return text.replace(TOKEN_PATTERN, (_, name: string, id: string | undefined) => {
    if (id !== undefined) {
      if (name === 'fig') return figure(id).text;
      if (name === 'basis') return figure(id).basis;
      throw new Error(`${file}: unknown token {{${name}:${id}}}; known: {{fig:id}}, {{basis:id}}`);
    }
    const value = tokens[name];
    if (value === undefined) throw new Error(`${file}: unknown token {{${name}}}; known: ${Object.keys(tokens).join(', ')}`);
    return value;
  });
}
