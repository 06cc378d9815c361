/**
 * The revision of the setting as this page was served: the server refuses a save
 * if the setting changed since (another tab, another admin), rather than overwrite it.
 * After a plain post refused for that, the page gives the stored revision, so saving again
 * replaces the change on purpose; after any other refusal, the one posted back (server/admin/settings/page.ts).
 */
export default function RevisionField({ revision }: { revision: string }) {
  return <input type="hidden" name="revision" value={revision} />;
}
