import { HtmlValidate } from 'html-validate';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LOW_SLOPE_NOTE, PITCHED_MEMBRANE_NOTE, estimateRoofCost, usdRange } from '../lib/roof-estimate.ts';
import { roofPriceBook } from './estimator-data.ts';
import RoofCostTable from './RoofCostTable.tsx';

const PRICES = roofPriceBook();
const html = renderToString(<RoofCostTable id="roof-cost-table" prices={PRICES} />);
/** A cell's inner HTML, found by its row's footprint and pitch and its column's material. */
function cell(footprint: number, pitch: string, material: string): string {
  const row = new RegExp(`<tr data-footprint="${footprint}" data-pitch="${pitch}">(.*?)</tr>`).exec(html)?.[1] ?? '';
  return new RegExp(`<td data-material="${material}">(.*?)</td>`).exec(row)?.[1] ?? '';
}
const text = (fragment: string) => fragment.replace(/<[^>]+>/g, '');

describe('the roof cost table', () => {
  it('gives no figure where the estimator warns the material does not suit the pitch, and says why in its words', () => {
    for (const [pitch, material] of [
      ['low', 'architectural'],
      ['low', 'concrete-tile'],
      ['walkable', 'flat'],
      ['steep', 'flat'],
    ]) {
      const dash = cell(2000, pitch!, material!);
      expect(dash, `${pitch} ${material}`).toContain('<span aria-hidden="true">—</span>');
      expect(dash).toMatch(/<span class="visually-hidden">No figure for this pitch; see the note under the table<\/span>/);
      expect(dash).not.toContain('$');
    }
    const note = text(/<p id="roof-cost-table-note">(.*?)<\/p>/.exec(html)?.[1] ?? '');
    expect(note).toContain(LOW_SLOPE_NOTE);
    expect(note).toContain(PITCHED_MEMBRANE_NOTE);
  });

  it('still prices every pair the estimator does not warn against', () => {
    for (const [pitch, material] of [
      ['low', 'flat'],
      ['steep', 'architectural'],
      ['walkable', 'architectural'],
      ['steep', 'concrete-tile'],
    ] as const) {
      const { cost, notes } = estimateRoofCost(
        { sizeBasis: 'footprint', sizeSqFt: 2000, pitch, stories: 1, material, layers: 1 },
        PRICES,
      );
      expect(notes.filter((note) => note === LOW_SLOPE_NOTE || note === PITCHED_MEMBRANE_NOTE)).toEqual([]);
      expect(text(cell(2000, pitch, material))).toBe(usdRange(cost!));
    }
  });

  it('is valid HTML', async () => {
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(
      `<!DOCTYPE html><html lang="en"><head><title>Table</title></head><body><main>${html}</main></body></html>`,
    );
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });
});
