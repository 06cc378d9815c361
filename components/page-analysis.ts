/** Per-page SEO figures, read by the build from each rendered page's HTML and shown on /seo-monitoring. */
export interface PageAnalysis {
  path: string;
  title: string;
  description: string;
  canonical: string;
  noIndex: boolean;
  h1Count: number;
  jsonLdTypes: string[];
  wordCount: number;
  internalLinks: number;
  images: number;
  imagesWithAlt: number;
  problems: string[];
}

/** Limits search engines display; longer text is cut off in results, shorter says too little. */
export const TITLE_MIN = 30;
export const TITLE_MAX = 60;
export const DESCRIPTION_MIN = 70;
export const DESCRIPTION_MAX = 160;
