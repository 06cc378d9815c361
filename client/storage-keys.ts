/** Every browser-storage key the site writes; /clear-cache removes them all. */
export const STORAGE_KEYS = {
  /** The last rendering errors, at most 10. */
  errorRecords: 'roof_error_records',
  /** The hero variant chosen by ?hero=. */
  heroVariant: 'roof_hero_variant',
  /** Where this visit came from, for lead attribution (sessionStorage). */
  leadAttribution: 'roof_lead_attribution',
  /** The key of a lead send that got no answer, so a retry after a reload is the same lead (sessionStorage). */
  pendingLeads: 'roof_pending_leads',
} as const;

/** Keys an older version kept tracking settings under, in one admin's browser. */
export const LEGACY_STORAGE_KEYS = ['gtm_container_id', 'otto_seo_active', 'otto_seo_pixel'] as const;
