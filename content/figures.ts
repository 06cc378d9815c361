import { SOURCES, type SourceId } from './sources.ts';

/**
 * The figures the site prints: cost ranges, lifespans and the like, each from
 * a published source with its basis and year (docs/product.md). Pages print them with
 * `{{fig:id}}` and name their basis with `{{basis:id}}`; the estimators read them
 * here. A yearly update is an edit of this file. A figure without a dated
 * source is not written.
 */
export type FigureUnit =
  | 'usd-total'
  | 'usd-per-sqft'
  | 'usd-per-square'
  | 'usd-per-linear-foot'
  | 'usd-per-sheet'
  | 'years'
  | 'percent'
  | 'mph'
  | 'lb'
  | 'feet';

export interface Figure {
  label: string;
  low: number;
  /** null for a single value. */
  high: number | null;
  /** The source gives a floor ("50+ years"): printed as "at least 50 years". */
  atLeast?: true;
  unit: FigureUnit;
  /** How the page names where the figure comes from, with its year: "HomeAdvisor's December 2024 cost data". */
  basis: string;
  sources: readonly SourceId[];
}

export const FIGURES = {
  'roof-replacement-total-national': {
    label: 'Roof replacement, typical total (all materials, national)',
    low: 5866,
    high: 13208,
    unit: 'usd-total',
    basis: "HomeAdvisor's December 2024 cost data",
    sources: ['homeadvisor-roof-replacement-2024'],
  },
  'roof-replacement-sqft-national': {
    label: 'Roof replacement, per square foot (all materials, national)',
    low: 4,
    high: 11,
    unit: 'usd-per-sqft',
    basis: "HomeAdvisor's December 2024 cost data",
    sources: ['homeadvisor-roof-replacement-2024'],
  },
  'roofing-labor-per-square': {
    label: 'Roofing labor, per square (100 sq ft)',
    low: 200,
    high: 300,
    unit: 'usd-per-square',
    basis: "HomeAdvisor's December 2024 cost data",
    sources: ['homeadvisor-roof-replacement-2024'],
  },
  'asphalt-architectural-sqft': {
    label: 'Architectural (dimensional) asphalt shingles, installed, per square foot',
    low: 2.5,
    high: 10.0,
    unit: 'usd-per-sqft',
    basis: "Angi's 2024 cost guide",
    sources: ['angi-architectural-shingles-2024'],
  },
  'asphalt-architectural-square': {
    label: 'Architectural asphalt shingles, installed, per square (100 sq ft)',
    low: 250,
    high: 1000,
    unit: 'usd-per-square',
    basis: "Angi's 2024 cost guide",
    sources: ['angi-architectural-shingles-2024'],
  },
  'asphalt-architectural-sqft-ecowatch-2023': {
    label: 'Architectural (dimensional) asphalt shingles, installed, per square foot (EcoWatch, 2023)',
    low: 4,
    high: 8,
    unit: 'usd-per-sqft',
    basis: "EcoWatch's 2023 architectural shingle cost guide",
    sources: ['ecowatch-architectural-shingles-2023'],
  },
  'asphalt-three-tab-sqft-localprobook-2024': {
    label: '3-tab asphalt shingles, installed, per square foot (LocalProBook, 2024)',
    low: 3.6,
    high: 4.2,
    unit: 'usd-per-sqft',
    basis: "LocalProBook's September 2024 shingle cost guide",
    sources: ['localprobook-asphalt-shingles-2024'],
  },
  'standing-seam-sqft-remodelingimage-2022': {
    label: 'Standing-seam metal roof (Kynar-coated steel or aluminum), installed, per square foot (Remodeling Image, 2022)',
    low: 11,
    high: 20.5,
    unit: 'usd-per-sqft',
    basis: "Remodeling Image's 2022 shingle and standing-seam cost comparison",
    sources: ['remodelingimage-standing-seam-2022'],
  },
  'asphalt-shingles-sqft-fixr-2026': {
    label: 'Asphalt shingles, installed, per square foot (all asphalt types)',
    low: 3,
    high: 16,
    unit: 'usd-per-sqft',
    basis: "Fixr's January 2026 cost guide",
    sources: ['fixr-asphalt-shingles-2026'],
  },
  'asphalt-replacement-total-fixr-2026': {
    label: 'Asphalt shingle roof replacement, typical total',
    low: 8000,
    high: 16000,
    unit: 'usd-total',
    basis: "Fixr's January 2026 cost guide",
    sources: ['fixr-asphalt-shingles-2026'],
  },
  'asphalt-shingles-sqft-modernize-2022': {
    label: 'Asphalt shingles (basic to mid grade), installed, per square foot, 2022',
    low: 1.75,
    high: 5.5,
    unit: 'usd-per-sqft',
    basis: "Modernize's 2022 cost guide",
    sources: ['modernize-asphalt-shingles-2022'],
  },
  'roof-decking-sqft': {
    label: 'Roof decking/sheathing replacement (OSB or plywood), per square foot',
    low: 2,
    high: 6,
    unit: 'usd-per-sqft',
    basis: "Angi's 2026 cost guide",
    sources: ['angi-roof-sheathing-2026'],
  },
  'roof-decking-total': {
    label: 'Roof decking/sheathing replacement, typical total',
    low: 2600,
    high: 9000,
    unit: 'usd-total',
    basis: "Angi's 2026 cost guide",
    sources: ['angi-roof-sheathing-2026'],
  },
  'permit-cost-national-angi': {
    label: 'Permit cost cited as an extra on roof-deck replacement (national, not Savannah)',
    low: 400,
    high: 1500,
    unit: 'usd-total',
    basis: "Angi's 2026 cost guide",
    sources: ['angi-roof-sheathing-2026'],
  },
  'roof-repair-typical': {
    label: 'Roof repair, typical job',
    low: 400,
    high: 1900,
    unit: 'usd-total',
    basis: "Fixr's January 2026 cost guide",
    sources: ['fixr-roof-repair-2026'],
  },
  'roof-repair-minor': {
    label: 'Minor roof repair (a few shingles, vent boot, small leak)',
    low: 150,
    high: 1000,
    unit: 'usd-total',
    basis: "Fixr's January 2026 cost guide",
    sources: ['fixr-roof-repair-2026'],
  },
  'roof-repair-moderate': {
    label: 'Moderate/partial roof repair',
    low: 1000,
    high: 3000,
    unit: 'usd-total',
    basis: "Fixr's January 2026 cost guide",
    sources: ['fixr-roof-repair-2026'],
  },
  'roof-repair-major': {
    label: 'Major roof damage repair',
    low: 2000,
    high: 6000,
    unit: 'usd-total',
    basis: "Fixr's January 2026 cost guide",
    sources: ['fixr-roof-repair-2026'],
  },
  'flat-roof-sqft-todayshomeowner-2023': {
    label: 'Flat roof replacement, per square foot (all flat-roof types)',
    low: 4,
    high: 6,
    unit: 'usd-per-sqft',
    basis: "Today's Homeowner's May 2023 cost guide",
    sources: ['todayshomeowner-flat-roof-2023'],
  },
  'gutters-per-linear-foot': {
    label: 'Gutter installation/replacement, per linear foot (all materials)',
    low: 5,
    high: 32,
    unit: 'usd-per-linear-foot',
    basis: "Remodeling.com's November 2022 cost guide",
    sources: ['remodeling-com-gutters-2022'],
  },
  'tile-roof-sqft-costowl-2022': {
    label: 'Concrete tile roof, per square foot (CostOwl, 2022)',
    low: 5,
    high: 10,
    unit: 'usd-per-sqft',
    basis: "CostOwl's June 2022 cost guide",
    sources: ['costowl-tile-2022'],
  },
  'metal-gauge-price-step-pct': {
    label: 'Standing seam: price change per gauge step (e.g. 24 to 22 ga)',
    low: 20,
    high: null,
    unit: 'percent',
    basis: 'McElroy Metal (August 2022)',
    sources: ['mcelroy-standing-seam-cost-factors-2022'],
  },
  'lifespan-asphalt-nahb': {
    label: 'Asphalt shingle roof, life expectancy (NAHB)',
    low: 20,
    high: null,
    unit: 'years',
    basis: "the NAHB's 2007 life-expectancy study",
    sources: ['nahb-life-expectancy-2007'],
  },
  'lifespan-tile-slate-nahb': {
    label: 'Slate, copper and clay/concrete tile roofs, life expectancy (NAHB)',
    low: 50,
    high: null,
    atLeast: true,
    unit: 'years',
    basis: "the NAHB's 2007 life-expectancy study",
    sources: ['nahb-life-expectancy-2007'],
  },
  'lifespan-gutters-aluminum': {
    label: 'Aluminum gutters, life expectancy (NAHB)',
    low: 20,
    high: null,
    unit: 'years',
    basis: "the NAHB's 2007 life-expectancy study",
    sources: ['nahb-life-expectancy-2007'],
  },
  'lifespan-downspouts-aluminum-nahb': {
    label: 'Aluminum downspouts, life expectancy (NAHB)',
    low: 30,
    high: null,
    unit: 'years',
    basis: "the NAHB's 2007 life-expectancy study",
    sources: ['nahb-life-expectancy-2007'],
  },
  'lifespan-downspouts-copper-nahb': {
    label: 'Copper downspouts, life expectancy (NAHB)',
    low: 100,
    high: null,
    atLeast: true,
    unit: 'years',
    basis: "the NAHB's 2007 life-expectancy study",
    sources: ['nahb-life-expectancy-2007'],
  },
  'lifespan-metal-galvalume-mca': {
    label: 'Unpainted Galvalume (55% Al-Zn) standing-seam roof, service life (MCA study)',
    low: 60,
    high: null,
    atLeast: true,
    unit: 'years',
    basis: 'a 2015 Metal Construction Association study',
    sources: ['mca-galvalume-service-life-2015'],
  },
  'lifespan-epdm-era-2010': {
    label: 'EPDM roof service life, industry study (can approach or exceed)',
    low: 40,
    high: null,
    unit: 'years',
    basis: 'a 2010 EPDM Roofing Association study',
    sources: ['era-epdm-study-2010'],
  },
  'epdm-max-material-warranty-carlisle': {
    label: 'EPDM (90-mil) maximum available material warranty, Carlisle',
    low: 40,
    high: null,
    unit: 'years',
    basis: 'Carlisle SynTec (July 2020)',
    sources: ['carlisle-30yr-epdm-2020'],
  },
  'ga-historic-credit-rate-pct': {
    label: 'Georgia state income tax credit for rehabilitated historic property: share of qualifying rehabilitation expenses',
    low: 25,
    high: null,
    unit: 'percent',
    basis: "the Georgia Department of Community Affairs' Historic Preservation Division (program page, 2023)",
    sources: ['dca-hpd-state-income-tax-credit'],
  },
  'ga-historic-credit-residence-cap': {
    label: 'Georgia state income tax credit for rehabilitated historic property: cap for a principal residence',
    low: 100000,
    high: null,
    unit: 'usd-total',
    basis: "the Georgia Department of Community Affairs' Historic Preservation Division (program page, 2023)",
    sources: ['dca-hpd-state-income-tax-credit'],
  },
  'hurricane-min-sustained-wind-mph': {
    label: 'Hurricane definition: minimum maximum sustained wind',
    low: 74,
    high: null,
    atLeast: true,
    unit: 'mph',
    basis: "NOAA's National Hurricane Center (2013)",
    sources: ['nhc-climo-2013'],
  },
  'astm-d3161-class-a-mph': {
    label: 'ASTM D3161 fan test: Class A test wind speed',
    low: 60,
    high: null,
    unit: 'mph',
    basis: "NRCA's Professional Roofing, September 2018",
    sources: ['nrca-2018-shingle-wind'],
  },
  'astm-d3161-class-f-mph': {
    label: 'ASTM D3161 fan test: Class F test wind speed',
    low: 110,
    high: null,
    unit: 'mph',
    basis: "NRCA's Professional Roofing, September 2018",
    sources: ['nrca-2018-shingle-wind'],
  },
  'astm-d3161-class-d-mph': {
    label: 'ASTM D3161 fan test: Class D test wind speed',
    low: 90,
    high: null,
    unit: 'mph',
    basis: "NRCA's Professional Roofing, September 2018",
    sources: ['nrca-2018-shingle-wind'],
  },
  'astm-d7158-class-d-mph': {
    label: 'ASTM D7158 uplift test: basic wind speed for Class D (as the test defines it)',
    low: 90,
    high: null,
    unit: 'mph',
    basis: "NRCA's Professional Roofing, May 2016",
    sources: ['nrca-2016-shingle-wind-spec'],
  },
  'astm-d7158-class-g-mph': {
    label: 'ASTM D7158 uplift test: basic wind speed for Class G (as the test defines it)',
    low: 120,
    high: null,
    unit: 'mph',
    basis: "NRCA's Professional Roofing, May 2016",
    sources: ['nrca-2016-shingle-wind-spec'],
  },
  'astm-d7158-class-h-mph': {
    label: 'ASTM D7158 uplift test: basic wind speed for Class H (as the test defines it)',
    low: 150,
    high: null,
    unit: 'mph',
    basis: "NRCA's Professional Roofing, May 2016",
    sources: ['nrca-2016-shingle-wind-spec'],
  },
  'tamko-titan-xt-high-wind-warranty-mph': {
    label: 'TAMKO Titan XT: wind speed of its high-wind limited warranty, as TAMKO described it',
    low: 160,
    high: null,
    unit: 'mph',
    basis: "TAMKO's own blog (June 2022)",
    sources: ['tamko-blog-titan-xt-2022'],
  },
  'fema-high-wind-shingle-threshold-mph': {
    label: 'FEMA: special asphalt-shingle installation recommended above this design gust wind speed (coastal)',
    low: 90,
    high: null,
    unit: 'mph',
    basis: "FEMA's 2010 coastal construction guide (FEMA P-499)",
    sources: ['fema-p499-2010'],
  },
  'fema-shingle-pullthrough-90-120mph-lb': {
    label: 'FEMA: minimum recommended shingle fastener pull-through resistance, design wind >90 to 120 mph',
    low: 25,
    high: null,
    unit: 'lb',
    basis: "FEMA's 2010 coastal construction guide (FEMA P-499)",
    sources: ['fema-p499-2010'],
  },
  'fema-shingle-pullthrough-over120mph-lb': {
    label: 'FEMA: minimum recommended shingle fastener pull-through resistance, design wind >120 mph',
    low: 30,
    high: null,
    unit: 'lb',
    basis: "FEMA's 2010 coastal construction guide (FEMA P-499)",
    sources: ['fema-p499-2010'],
  },
} as const satisfies Record<string, Figure>;

export type FigureId = keyof typeof FIGURES;

const money = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 })}`;

const UNIT_TEXT: Record<FigureUnit, { format: (value: number) => string; suffix: string }> = {
  'usd-total': { format: money, suffix: '' },
  'usd-per-sqft': { format: money, suffix: ' per square foot' },
  'usd-per-square': { format: money, suffix: ' per square (100 square feet)' },
  'usd-per-linear-foot': { format: money, suffix: ' per linear foot' },
  'usd-per-sheet': { format: money, suffix: ' per sheet' },
  years: { format: String, suffix: ' years' },
  percent: { format: (value) => `${value}`, suffix: '%' },
  mph: { format: String, suffix: ' mph' },
  lb: { format: String, suffix: ' pounds' },
  feet: { format: (value) => value.toLocaleString('en-US'), suffix: ' feet' },
};

/** "$4–$11 per square foot", "20 years", "64.6%": how pages print a figure. */
export function formatFigure(figure: Figure): string {
  const { format, suffix } = UNIT_TEXT[figure.unit];
  const range = figure.high === null ? format(figure.low) : `${format(figure.low)}–${format(figure.high)}`;
  return `${figure.atLeast ? 'at least ' : ''}${range}${suffix}`;
}

/** The figure called `id`, or an error naming it and the file that asked. */
export function figure(id: string, file: string): Figure {
  const found = (FIGURES as Record<string, Figure>)[id];
  if (!found) throw new Error(`${file}: unknown figure "${id}" (content/figures.ts)`);
  return found;
}

/** The ids of the figures a text prints or names (`{{fig:id}}`, `{{basis:id}}`). */
export function figuresIn(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(?:fig|basis):([a-z0-9-]+)\s*\}\}/g)].map((m) => m[1]!);
}

/**
 * The sources a page cites: those its front matter names, then those of every
 * figure its texts print, each once, in that order.
 */
export function citedSources(named: readonly SourceId[], texts: readonly string[], file: string): SourceId[] {
  const ids = new Set<SourceId>(named);
  for (const text of texts) for (const id of figuresIn(text)) for (const source of figure(id, file).sources) ids.add(source);
  for (const id of ids) if (!(id in SOURCES)) throw new Error(`${file}: unknown source "${id}" (content/sources.ts)`);
  return [...ids];
}
