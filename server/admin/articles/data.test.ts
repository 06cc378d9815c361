import { describe, expect, it } from 'vitest';
import { articleData } from '../../../content/layer/articles.ts';
import { checkArticle, draftOfEntry, previewHtml } from './data.ts';

const { entries, choices } = articleData();

describe('the article editor’s checks', () => {
  it('pass every article of the blog as it is, so any one can be opened, changed and published', () => {
    const refused = entries.flatMap((entry) => {
      const checked = checkArticle(draftOfEntry(entry), choices, []);
      return checked.ok ? [] : [`${entry.slug}: ${JSON.stringify(checked.fields)}`];
    });
    expect(refused).toEqual([]);
  });

  it('give back the front matter the build read, keeping what the form does not show', () => {
    const entry = entries.find((e) => e.slug === 'missing-shingles-after-storm')!;
    const checked = checkArticle(draftOfEntry(entry), choices, []);
    expect(checked.ok && checked.article.data).toEqual(entry.data);
  });

  it('show a token the build would refuse as written, marked, instead of failing the preview', () => {
    expect(previewHtml('Call {{phone}}; about {{fig:nope}}.', choices)).toBe(
      `<p>Call ${choices.tokens.phone}; about <strong>⚠ {{fig:nope}}</strong>.</p>\n`,
    );
  });
});
