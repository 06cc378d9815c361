import { zipCentroid } from '../lib/zip-centroids.ts';
import { useSheet } from './page-sheets.ts';

export interface MapPlace {
  name: string;
  zip: string;
}

interface Props {
  office: MapPlace;
  area: MapPlace;
  /** The other places we serve, drawn faintly for orientation where they fall inside the frame. */
  others: readonly MapPlace[];
  /** Miles between the office and the area, as the page states them. */
  miles: number;
}

const WIDTH = 480;
const HEIGHT = 300;
const PAD = 36;
/** Degrees: about 14 miles, so a neighbourhood next to the office still gets a readable map. */
const MIN_SPAN = 0.2;

type Point = { lat: number; lon: number };

/**
 * Screen coordinates that frame the office and the area, at least MIN_SPAN degrees
 * across so nearby places stay apart, with longitudes squeezed for the latitude.
 */
function projection(o: Point, a: Point): { x: (lon: number) => number; y: (lat: number) => number } {
  const squeeze = Math.cos(((o.lat + a.lat) / 2) * (Math.PI / 180));
  const spanY = Math.max(Math.abs(o.lat - a.lat), MIN_SPAN) * 1.35;
  const spanX = Math.max(Math.abs(o.lon - a.lon) * squeeze, MIN_SPAN) * 1.35;
  const scale = Math.min((WIDTH - 2 * PAD) / spanX, (HEIGHT - 2 * PAD) / spanY);
  const centre = { lat: (o.lat + a.lat) / 2, lon: (o.lon + a.lon) / 2 };
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    x: (lon) => round(WIDTH / 2 + (lon - centre.lon) * squeeze * scale),
    y: (lat) => round(HEIGHT / 2 - (lat - centre.lat) * scale),
  };
}

/**
 * A small map drawn at build time from ZIP centroids: the
 * office, the area and the straight line between them, with the other places we
 * serve for orientation. Plain SVG, no tiles, no script; the figure caption says
 * the same in words.
 */
export default function LocationMap({ office, area, others, miles }: Props) {
  useSheet('inner');
  const at = (zip: string) => {
    const found = zipCentroid(zip);
    if (!found) throw new Error(`LocationMap: ZIP ${zip} is not in the ZIP-centroid data`);
    return { lat: found.latitude, lon: found.longitude };
  };
  const o = { ...office, ...at(office.zip) };
  const a = { ...area, ...at(area.zip) };
  const { x, y } = projection(o, a);
  const inside = (p: Point) => {
    const px = x(p.lon);
    const py = y(p.lat);
    return px > 8 && px < WIDTH - 8 && py > 8 && py < HEIGHT - 8;
  };
  const context = others.map((p) => ({ ...p, ...at(p.zip) })).filter(inside);
  const same = office.zip === area.zip;
  const label = same
    ? `Map: ${area.name} shares our office's ZIP code, ${area.zip}.`
    : `Map: ${area.name} lies about ${Math.round(miles)} miles from our office in ${office.name}.`;
  // Each label goes on the side away from the other pin, so they never overlap.
  const side = (self: Point, other: Point) => {
    const right = x(self.lon) >= x(other.lon);
    const below = y(self.lat) >= y(other.lat);
    return {
      x: x(self.lon) + (right ? 12 : -12),
      y: y(self.lat) + (below ? 26 : -14),
      anchor: right ? ('start' as const) : ('end' as const),
    };
  };
  const officeLabel = same ? { x: x(o.lon) + 12, y: y(o.lat) - 14, anchor: 'start' as const } : side(o, a);
  const areaLabel = side(a, o);
  return (
    <figure className="location-map">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={label}>
        <rect width={WIDTH} height={HEIGHT} rx="12" fill="#eef5f8" />
        {context.map((p) => (
          <circle key={p.zip + p.name} cx={x(p.lon)} cy={y(p.lat)} r="4" fill="#9fb3c2" />
        ))}
        {same ? null : (
          <line
            x1={x(o.lon)}
            y1={y(o.lat)}
            x2={x(a.lon)}
            y2={y(a.lat)}
            stroke="#b4562a"
            strokeWidth="2.5"
            strokeDasharray="6 5"
          />
        )}
        <g fontFamily="system-ui, sans-serif" fill="#12304a">
          <circle cx={x(o.lon)} cy={y(o.lat)} r="8" fill="#12304a" stroke="#fff" strokeWidth="2" />
          <text x={officeLabel.x} y={officeLabel.y} textAnchor={officeLabel.anchor} fontSize="15">
            {same ? `${area.name} and our office (ZIP ${area.zip})` : 'Our office'}
          </text>
          {same ? null : (
            <>
              <circle cx={x(a.lon)} cy={y(a.lat)} r="9" fill="#b4562a" stroke="#fff" strokeWidth="2" />
              <text x={areaLabel.x} y={areaLabel.y} textAnchor={areaLabel.anchor} fontSize="16" fontWeight="700">
                {area.name}
              </text>
            </>
          )}
        </g>
      </svg>
      <figcaption>
        {same
          ? `${area.name} shares our office's ZIP code, ${area.zip}. Grey dots are other places we serve.`
          : `${area.name} (ZIP ${area.zip}) is about ${Math.round(miles)} miles in a straight line from our office (ZIP ${office.zip}). Grey dots are other places we serve.`}
      </figcaption>
    </figure>
  );
}
