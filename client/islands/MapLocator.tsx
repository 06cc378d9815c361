import { useState } from 'react';

export interface MapLocatorProps {
  /** The place the map centres on, as a search query. */
  query: string;
  /** Accessible title of the map frame. */
  title: string;
}

/** A Google Maps embed URL that needs no API key. */
export function mapEmbedUrl(query: string): string {
  return `https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=9&output=embed`;
}

export function mapLinkUrl(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/**
 * The maps locator as a click-to-load facade (DECISIONS.md "Maps locator"): a
 * static preview costs nothing on first load; the map frame loads only when asked.
 */
export default function MapLocator({ query, title }: MapLocatorProps) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="map-locator">
      {loaded ? (
        <iframe
          className="map-frame"
          src={mapEmbedUrl(query)}
          title={title}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <div className="map-facade">
          <p>The map loads from Google only when you ask for it.</p>
          <button type="button" className="btn btn-primary" onClick={() => setLoaded(true)}>
            Load the map
          </button>
          <a href={mapLinkUrl(query)} rel="noopener noreferrer external">
            Open in Google Maps
          </a>
        </div>
      )}
    </div>
  );
}
