import {
  estimateRoofCost,
  pitchMismatch,
  ROOF_MATERIALS,
  ROOF_PITCHES,
  usdRange,
  type RoofMaterial,
  type RoofPitch,
  type RoofPriceBook,
} from '../lib/roof-estimate.ts';
import { useSheet } from './page-sheets.ts';

/** Footprints the table lists, in square feet. */
export const TABLE_FOOTPRINTS = [1000, 1500, 2000, 2500, 3000] as const;

interface Props {
  id: string;
  prices: RoofPriceBook;
}

/** One cell: the estimator's range for the footprint, or a dash where it warns against the pair. */
function cell(prices: RoofPriceBook, footprint: number, pitch: RoofPitch, material: RoofMaterial) {
  if (pitchMismatch(pitch, material)) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">No figure for this pitch; see the note under the table</span>
      </>
    );
  }
  const { cost } = estimateRoofCost(
    { sizeBasis: 'footprint', sizeSqFt: footprint, pitch, stories: 1, material, layers: 1 },
    prices,
  );
  return cost ? usdRange(cost) : '—';
}

/**
 * The estimator's ranges as a table, for reading without JavaScript.
 * Every cell comes from the estimator's own function with its inputs, so the
 * two cannot disagree.
 */
export default function RoofCostTable({ id, prices }: Props) {
  useSheet('estimators');
  const priced = ROOF_MATERIALS.filter((m) => prices.materials[m.value]);
  const unpriced = ROOF_MATERIALS.filter((m) => !prices.materials[m.value] && m.value !== 'any');
  // Pairs the estimator warns against (shingles on a low slope, a membrane on a pitched roof) get no figure here.
  const mismatches = new Set(
    ROOF_PITCHES.flatMap((pitch) => priced.map((m) => pitchMismatch(pitch.value, m.value))).filter((note) => note !== null),
  );
  return (
    <section className="estimator-table" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ballpark ranges at a glance</h2>
      <p>
        The same ranges the estimator gives, for a roof footprint and pitch, with one old layer removed. They are national
        figures, a ballpark only and not a quote. Each material&apos;s range rests on:
      </p>
      <ul>
        {priced.map((m) => {
          const price = prices.materials[m.value]!;
          return (
            <li key={m.value}>
              {m.label}: ${price.low.toFixed(2)}–${price.high.toFixed(2)} per square foot installed, from {price.basis}.
            </li>
          );
        })}
      </ul>
      {unpriced.length ? (
        <p>
          Not priced: {unpriced.map((m) => m.label.toLowerCase()).join(' and ')}. Their price turns on the product and the roof,
          so a free written estimate prices them for your house.
        </p>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby={`${id}-title`} tabIndex={0}>
        <table id={id}>
          <caption>Roof replacement ballpark by footprint and pitch (one story, one layer removed)</caption>
          <thead>
            <tr>
              <th scope="col">Footprint</th>
              {priced.map((m) => (
                <th scope="col" key={m.value}>
                  {m.label}
                </th>
              ))}
            </tr>
          </thead>
          {ROOF_PITCHES.map((pitch) => (
            <tbody key={pitch.value}>
              <tr>
                <th scope="rowgroup" colSpan={priced.length + 1} className="table-group">
                  {pitch.label} pitch ({pitch.rise[0]} to {pitch.rise[1]} in 12)
                </th>
              </tr>
              {TABLE_FOOTPRINTS.map((footprint) => (
                <tr key={footprint} data-footprint={footprint} data-pitch={pitch.value}>
                  <th scope="row">{footprint.toLocaleString('en-US')} sq ft</th>
                  {priced.map((m) => (
                    <td key={m.value} data-material={m.value}>
                      {cell(prices, footprint, pitch.value, m.value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {mismatches.size ? (
        <p id={`${id}-note`}>— No figure: the estimator warns against that material on that pitch. {[...mismatches].join(' ')}</p>
      ) : null}
      <p>
        How the table is worked out: a pitch of <i>r</i> in 12 makes each square foot of footprint √(1 + (<i>r</i>/12)²) square
        feet of roof, so each pitch gives a range of areas; the low end of the area meets the low end of the price, the high end
        the high end, rounded outwards to three significant figures. From living area, divide by the number of stories to get the
        footprint first. Steep or tall roofs and extra layers cost more; neither the table nor the estimator adds that, and a
        written estimate does.
      </p>
    </section>
  );
}
