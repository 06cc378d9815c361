/** The build's own reason when the last publish did not go live (the site was left as it was). */
export default function PublishFailure({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <div className="form-status form-status-error" role="alert">
      <p>The last publish did not go live, and the site was left as it was:</p>
      <pre className="build-reason">{reason}</pre>
    </div>
  );
}
