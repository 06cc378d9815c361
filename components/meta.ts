import type { JsonLd } from './structured-data.ts';
/** A page's metadata: its head tags and structured data. Every page exports a function returning one. */
export interface PageMeta {
  title: string;
  description: string;
  keywords?: string[];
  ogTitle?: string;
  ogDescription?: string;
  /** Absolute or root-relative URL of a 1200×630 image. */
  ogImage?: string;
  /** Defaults to the site URL plus the route path. */
  canonicalUrl?: string;
  noIndex?: boolean;
  noFollow?: boolean;
  structuredData?: JsonLd | JsonLd[];
  twitterSite?: string;
  twitterCreator?: string;
  /** The page follows a booking: no Book buttons invite a second one (the mobile bar and footer offer the phone). */
  afterBooking?: boolean;
}
