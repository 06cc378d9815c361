/**
 * The props of the lead forms and the report form, and the shapes of what they
 * load: plain JSON both sides share. The islands take these props, and the
 * server passes the same ones when it draws a form again after a post sent
 * without JavaScript.
 */
import type { WindowId } from './lead-schema.ts';
import type { OfficeContact } from './site-facts.ts';

/** A free window offered when the chosen one is full. */
export interface SlotOffer {
  date: string;
  window: WindowId;
  label: string;
}

/** Props both lead islands take; everything but `idPrefix` is for the server's re-render of a no-JavaScript post. */
export interface LeadFormProps {
  /** Makes every id in the form unique, so the form can appear twice on a page (contact page and popup). */
  idPrefix: string;
  /** The office's phone, email and time zone (from the business facts, through the page). */
  office: OfficeContact;
  /** The services list (the contact page passes it; the popup loads it). */
  services?: string[];
  /** Values to show again, as they were typed. */
  values?: Record<string, string | boolean>;
  errors?: Record<string, string>;
  /** A problem that is not one field's (too many requests): shown with the phone number and a text message. */
  formError?: string;
  /** Free windows offered when the chosen one was full. */
  alternatives?: SlotOffer[];
  /** The office's date when the server rendered the form, so date limits match without JavaScript. */
  today?: string;
  /** The field that gets focus when the page loads (the first bad one). */
  focusField?: string;
  /** The form was drawn when the visitor opened it (the booking popup), not sent with the page. */
  drawnOnOpen?: boolean;
}

/** Props of the /report-issue form; all but `office` and `idPrefix` come from the server's re-render. */
export interface ReportIssueFormProps {
  /** The office's phone and email (from the business facts, through the page). */
  office: OfficeContact;
  idPrefix: string;
  /** The page the report is about (from ?page=, prefilled by the server). */
  page?: string;
  /** The report was stored (no-JavaScript post, back on /report-issue?sent=1). */
  sent?: boolean;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string;
  focusField?: string;
}

export interface WindowAvailability {
  capacity: number;
  remaining: number;
}

/** GET /api/leads/availability: what the booking form needs beyond its own markup. */
export interface FormOptions {
  ok: true;
  timeZone: string;
  today: string;
  firstDate: string;
  lastDate: string;
  services: string[];
  days: { date: string; windows: Record<WindowId, WindowAvailability> }[];
}
