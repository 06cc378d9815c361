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

  it('says no visitor was affected when it failed in the admin, and that one was on a public page', () => {
    expect(errorSummary('render', 'TypeError: x', null, 'https://roof.test/admin/leads?q=1').visitors).toBe(
      'No visitor was affected: it happened in the admin.',
    );
    expect(errorSummary('render', 'TypeError: x', null, '/admin').visitors).toContain('No visitor');
    expect(errorSummary('render', 'TypeError: x', null, 'https://roof.test/administration').visitors).toContain(
      'may not have worked',
    );
    expect(errorSummary('render', 'TypeError: x', null, '/services/roof-repair').visitors).toContain('may not have worked');
  });

  it('says a failure on the server showed visitors the phone number, and that none saw one in the admin', () => {
    const s = errorSummary('server', 'TypeError: x', null, '/services/roof-repair');
    expect(s.what).toBe('A page or form failed on the server.');
    expect(s.visitors).toContain('phone number');
    expect(errorSummary('server', 'TypeError: x', null, '/api/admin/leads/7/status').visitors).toContain('No visitor');
  });

  it('has a sentence for anything else, and for a visitor’s own report', () => {
    expect(errorSummary('render', 'TypeError: x is undefined', null).todo).toContain('copy the details');
    expect(errorSummary('visitor', 'The form will not send', 'It spins').what).toContain('Report an issue');
  });
});
