/**
 * The audit log of the owner's content (content_audit, migration 023): drafts saved,
 * publishes, failed publishes with their reason, versions brought back, photos
 * uploaded. Here, beside the database, because both the publishing and the
 * gallery's uploads write to it.
 */
import type { Queryable } from './index.ts';

export interface Changer {
  id: number;
  login: string;
}

export type AuditAction = 'draft' | 'discard' | 'publish' | 'publish_failed' | 'restore' | 'upload';

export async function audit(
  tx: Queryable,
  topic: string,
  action: AuditAction,
  by: Changer | null,
  detail: Record<string, unknown>,
  versionId: number | null = null,
): Promise<void> {
  await tx.query(
    `INSERT INTO content_audit (topic, action, detail, version_id, changed_by, changed_by_login) VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
    [topic, action, JSON.stringify(detail), versionId, by?.id ?? null, by?.login ?? null],
  );
}
