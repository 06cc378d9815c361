import { useSheet } from './page-sheets.ts';

/** A Google Maps embed URL that needs no API key. */
export function mapEmbedUrl(query: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=9&output=embed`;
}

export function mapLinkUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * The maps locator as a click-to-load facade: a
 * static preview costs nothing on first load; client/behaviours/map-facade.ts puts
 * the map frame in only when asked. Without JavaScript the Google Maps link remains.
 */
export default function MapLocator({ query, title }: { query: string; title: string }) {
  useSheet('home');
  return (
    <div className="map-locator" data-behaviour="map-facade" data-src={mapEmbedUrl(query)} data-title={title}>
      <div className="map-facade">
        <p className="needs-script">The map loads from Google only when you ask for it.</p>
        <button type="button" className="btn btn-outline needs-script">
          Load the map
        </button>
        <a href={mapLinkUrl(query)} rel="noopener noreferrer external">
          Open in Google Maps
        </a>
      </div>
    </div>
  );
}
