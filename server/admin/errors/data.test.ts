import { describe, expect, it } from 'vitest';
import { errorSummary } from './data.ts';

describe("the error log's plain sentences", () => {
  it('says what a failed module load means for visitors and that it usually needs nothing', () => {
    const s = errorSummary('render', 'Failed to fetch dynamically imported module: https://x/assets/QuoteForm.js', null);
    expect(s.what).toContain('could not load');
    expect(s.visitors).toContain('until they reloaded');
    expect(`${s.what} ${s.visitors} ${s.todo}`).not.toMatch(/module|chunk|stack/i);
  });

  it('tells a scanner apart from a missing page a visitor asked for', () => {
    expect(errorSummary('not_found', '/wp-login.php', null).visitors).toBe('No visitor was affected.');
    const missing = errorSummary('not_found', '/services/old-gutters', null);
    expect(missing.what).toContain('/services/old-gutters');
    expect(missing.todo).toContain('developer');
  });

  it('has a sentence for anything else, and for a visitor’s own report', () => {
    expect(errorSummary('render', 'TypeError: x is undefined', null).todo).toContain('copy the details');
    expect(errorSummary('visitor', 'The form will not send', 'It spins').what).toContain('Report an issue');
  });
});
