import { LAYER_COUNTS, ROOF_MATERIALS, STORY_COUNTS, type RoofPriceBook } from '../../lib/roof-estimate.ts';
import { DEFAULT_ROOF_INPUT } from './use-roof-estimate.ts';

/** The roof estimator's stories, old layers and material; a material without a dated figure says it is not priced. */
export default function RoofSelects({ prices }: { prices: RoofPriceBook }) {
  return (
    <>
      <div className="estimator-selects">
        <div className="field">
          <label htmlFor="roof-stories">Stories</label>
          <select id="roof-stories" name="stories" defaultValue={String(DEFAULT_ROOF_INPUT.stories)}>
            {STORY_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="roof-layers">Old layers to remove</label>
          <select id="roof-layers" name="layers" defaultValue={String(DEFAULT_ROOF_INPUT.layers)}>
            {LAYER_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n === 3 ? '3 or more' : n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="roof-material">Material</label>
        <select id="roof-material" name="material" defaultValue={DEFAULT_ROOF_INPUT.material}>
          {ROOF_MATERIALS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
              {prices.materials[m.value] || m.value === 'any' ? '' : ' (not priced)'}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
