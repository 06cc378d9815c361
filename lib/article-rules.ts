/**
 * The rules an article's text must keep, in plain words for the owner: the build
 * checks the owner's articles with them before it writes a page (content/layer/content.ts)
 * and the admin's editor when a draft is saved, with what the build handed the server
 * (lib/server-data.ts `articles.choices`). Figures and facts come from the figures and
 * facts files through tokens; no offer to pay or waive an insurance deductible (Georgia
 * law); no raw HTML; links only to https:, mailto: and tel: addresses or the site's own pages.
 */
import { TOKEN_PATTERN } from './content-tokens.ts';
import { markdownParts } from './markdown.ts';

export interface ArticleRuleContext {
  /** The business-fact tokens ({{phone}}). */
  tokens: readonly string[];
  /** The figures' ids ({{fig:id}}, {{basis:id}}). */
  figures: readonly string[];
  /** The pictures a body or the front matter may name. */
  images: readonly string[];
}

const NEGATION =
  /\b(?:no one|nobody|never|not|don['’]t|do not|won['’]t|cannot|can['’]t|illegal|unlawful|fraud|against the law|shouldn['’]t|should not)\b/i;
const OFFERS = [
  /\b(?:we|we['’]ll|we will|we can|we['’]d|let us|our (?:crew|company|team|office))\b[^.!?]*\b(?:pay|cover|waive|absorb|eat|rebate|refund|reimburse|credit|discount|handle|take care of|help(?: you)? with)\b[^.!?]*\bdeductibles?\b/i,
  /\bdeductibles?\b[^.!?]*\bwe(?:['’]ll)? (?:pay|cover|waive|absorb|handle)\b/i,
  /\bdeductibles?\b[^.!?]*\b(?:waived|covered by us|on us|paid by us|rebated|refunded|for free)\b/i,
  /\b(?:no|zero|free)[- ]deductible\b|\$0 deductible/i,
];

/** A sentence that offers to pay, waive or rebate a deductible, if the text has one. */
export function deductibleOffer(text: string): string | null {
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    if (!/deductible/i.test(sentence) || NEGATION.test(sentence)) continue;
    if (OFFERS.some((offer) => offer.test(sentence))) return sentence.trim();
  }
  return null;
}

/** What is wrong with a piece of plain text (a title, an answer): tokens, typed figures, deductible offers, HTML. */
export function textProblems(text: string, ctx: ArticleRuleContext): string[] {
  const problems: string[] = [];
  for (const [token, name, id] of text.matchAll(TOKEN_PATTERN)) {
    if (id !== undefined) {
      if (name !== 'fig' && name !== 'basis')
        problems.push(`${token} is not a token: figures are written {{fig:id}} or {{basis:id}}.`);
      else if (!ctx.figures.includes(id))
        problems.push(`${token}: there is no figure “${id}” in the figures list. Choose one from the list.`);
    } else if (!ctx.tokens.includes(name!)) {
      problems.push(`${token} is not a known token. Known: ${ctx.tokens.map((t) => `{{${t}}}`).join(', ')}.`);
    }
  }
  const typed = text.replace(/\{\{[^}]*\}\}/g, '').match(/\$\s?\d[\d,.]*|\d+(?:\.\d+)?\s?%/);
  if (typed) {
    problems.push(
      `“${typed[0]}” is typed: prices and percentages come from the figures list (insert one with {{fig:id}}), so each has its source.`,
    );
  }
  const offer = deductibleOffer(text);
  if (offer) {
    problems.push(
      `“${offer}” reads as an offer to pay, waive or rebate an insurance deductible, which Georgia law forbids. Say it another way or leave it out.`,
    );
  }
  return problems;
}

/** What is wrong with an article's Markdown body, in plain words; empty when it may be published. */
export function bodyProblems(body: string, ctx: ArticleRuleContext): string[] {
  const problems = textProblems(body, ctx);
  const parts = markdownParts(body);
  if (parts.html.length) {
    problems.push(
      `The text holds web code (${parts.html[0]!.slice(0, 40)}), which is removed from the page. Use the buttons above the text for headings, bold, lists and links.`,
    );
  }
  for (const href of parts.links) {
    // {{tel}} is the business's own tel: link.
    if (!/^(?:https:\/\/|mailto:|tel:|\/(?!\/)|#|\{\{\s*tel\s*\}\}$)/i.test(href.trim())) {
      problems.push(
        `The link “${href}” cannot be used: a link starts with https://, mailto: or tel:, or is a page of this site (/…).`,
      );
    }
  }
  for (const src of parts.images) {
    if (!ctx.images.includes(src)) problems.push(`The picture “${src}” is not one of the site’s pictures.`);
  }
  return problems;
}
