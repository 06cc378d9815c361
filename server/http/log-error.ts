/**
 * Database errors carry the data they failed on: PostgreSQL's `detail` quotes the
 * failing row ("Failing row contains (…, Maria …, +1912…)") and PGlite attaches the
 * query's `params`. Logging the error object as is would write visitors' names,
 * phones and addresses into the server log, so only what identifies the failure is kept.
 */
const SAFE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine'] as const;

/** One log entry for an error: its stack (or message) and the database fields that name the failure, never the data. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const text = error.stack ?? `${error.name}: ${error.message}`;
  const record = error as unknown as Record<string, unknown>;
  const fields = SAFE_FIELDS.filter((name) => typeof record[name] === 'string' && record[name] !== '').map(
    (name) => `${name}=${String(record[name])}`,
  );
  return fields.length > 0 ? `${text}\n  (${fields.join(', ')})` : text;
}
