/**
 * What the screens that publish the owner's content share (business details,
 * articles): a new version built and recorded with its audit entry, the refusal
 * of a save from a page opened before someone else's, the history as the views
 * show it (docs/decisions/061-owner-content-and-publishing.md).
 */
import type { Db } from '../../db/index.ts';
import { audit, insertVersion, latestVersion, type AuditAction, type OwnerContent, type Version } from '../../publish/store.ts';
import type { VersionView } from '../ui/VersionHistory.tsx';
import type { AdminBuilt, AdminPageDeps } from './deps.ts';
import { officeTime } from './format.ts';
import { actorOf, Refusal, type AdminContext } from './workbench.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface VersionToPublish {
  /** The audit log's topic. */
  topic: string;
  content: OwnerContent;
  changes: string[];
  restoredFrom: number | null;
  /** On the very first publish: the content as the site was built, kept as version 1 (so it can be brought back), and its line. */
  built: { content: OwnerContent; line: string };
  /** What the audit entry says besides the changes. */
  detail?: Record<string, unknown>;
  /** More work in the same transaction (dropping the draft that was published). */
  alsoInTx?: (tx: Tx) => Promise<void>;
}

/** Builds and publishes a new version, or throws the refusal the owner reads (the failure is in the audit log too). */
export async function publishVersion(
  deps: AdminPageDeps,
  c: AdminContext,
  v: VersionToPublish,
): Promise<{ stamp: string; version: number | null; seconds: number; changes: string[] }> {
  const by = actorOf(c);
  const cannot = deps.publisher.cannotPublish();
  if (cannot) throw new Refusal(cannot, {}, 409);
  const first = (await latestVersion(deps.db)) === null;
  const action: AuditAction = v.restoredFrom === null ? 'publish' : 'restore';
  const result = await deps.publisher.publish(v.content, (stamp) => async (tx) => {
    if (first) {
      await insertVersion(
        tx,
        { stamp: `${stamp}-built`, content: v.built.content, changes: [v.built.line], restoredFrom: null },
        null,
      );
    }
    const id = await insertVersion(tx, { stamp, content: v.content, changes: v.changes, restoredFrom: v.restoredFrom }, by);
    await audit(tx, v.topic, action, by, { stamp, changes: v.changes, restoredFrom: v.restoredFrom, ...v.detail }, id);
    await v.alsoInTx?.(tx);
    return id;
  });
  if (!result.ok) {
    await audit(deps.db, v.topic, 'publish_failed', by, { reason: result.reason, ...v.detail });
    throw new Refusal(`Not published, and the site is unchanged. ${result.reason}`, {}, 422);
  }
  return { stamp: result.stamp, version: result.versionId, seconds: Math.round(result.seconds * 10) / 10, changes: v.changes };
}

/** Why a save from a page opened before someone else's is refused: who saved it, and when. */
export function draftMovedMessage(built: AdminBuilt, by: string | null, at: Date): string {
  const who = by ? `@${by}` : 'Someone';
  return `Not saved: ${who} saved this draft on ${officeTime(built, at)}, after this page was opened. Reload the page to see their change, then make yours again.`;
}

/** The published versions as the history shows them, newest (the live one) first. */
export function versionViews(built: AdminBuilt, versions: Version[], builtLine: string): VersionView[] {
  return versions.map((v, i) => ({
    id: v.id,
    when: officeTime(built, v.at) ?? '',
    who: v.by ? `@${v.by}` : v.changes[0]?.startsWith(builtLine) ? 'from the repository' : '(a removed user)',
    changes: v.changes,
    restoredFrom: v.restoredFrom,
    live: i === 0,
  }));
}
