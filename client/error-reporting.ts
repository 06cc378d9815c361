import { STORAGE_KEYS } from './storage-keys.ts';

/** One rendering error as the site stores and reports it. */
export interface ErrorRecord {
  message: string;
  stack?: string;
  componentStack?: string;
  timestamp: string;
  userAgent: string;
  url: string;
}

/** Stored error records, at most 10. */
export const MAX_ERROR_RECORDS = 10;
/** The server's caps (server/api/error-report.ts); longer fields would be refused, so they are trimmed here. */
const CAPS = { message: 2000, stack: 8000, componentStack: 8000, url: 2048, userAgent: 512 };

export function errorRecord(error: unknown, componentStack?: string): ErrorRecord {
  const err = error instanceof Error ? error : new Error(String(error));
  return {
    message: err.message.slice(0, CAPS.message),
    stack: err.stack?.slice(0, CAPS.stack),
    componentStack: componentStack?.slice(0, CAPS.componentStack),
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent.slice(0, CAPS.userAgent),
    url: location.href.slice(0, CAPS.url),
  };
}

/** Keeps the newest records, at most MAX_ERROR_RECORDS. */
export function appendRecord(existing: ErrorRecord[], record: ErrorRecord): ErrorRecord[] {
  return [...existing, record].slice(-MAX_ERROR_RECORDS);
}

/**
 * Keep the record in local storage and send
 * it to /api/error-report. Storage or report failures are ignored.
 */
export function reportError(record: ErrorRecord): void {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.errorRecords);
    const existing = raw ? (JSON.parse(raw) as ErrorRecord[]) : [];
    localStorage.setItem(
      STORAGE_KEYS.errorRecords,
      JSON.stringify(appendRecord(Array.isArray(existing) ? existing : [], record)),
    );
  } catch {
    // Ignored by design.
  }
  try {
    void fetch('/api/error-report', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Ignored by design.
  }
}
