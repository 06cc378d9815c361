import type { SecondFactorPageView } from './view.ts';

/** The text file the download button saves: the site, the date, the codes one a line. */
export function recoveryCodesFile(codes: readonly string[], siteName: string, date: string): string {
  return [
    `Recovery codes for the ${siteName} admin area (made ${date})`,
    'Each code signs you in once if your phone is lost. Keep this file away from the phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * The ten recovery codes, shown once after the authenticator app is set up, with a
 * download (a plain link, so it works without JavaScript) and a copy button (the
 * admin script shows it where the clipboard can be written).
 */
export default function RecoveryCodes({ view }: { view: SecondFactorPageView }) {
  const codes = view.recoveryCodes ?? [];
  const file = recoveryCodesFile(codes, view.siteName ?? 'website', new Date().toISOString().slice(0, 10));
  return (
    <section className="admin-section" aria-labelledby="codes-title" data-recovery-codes="">
      <h2 id="codes-title">Your recovery codes</h2>
      <p>
        Your authenticator app is set up. Keep these ten codes somewhere safe, away from your phone: each one signs you in once if
        the phone is lost. They are shown only now.
      </p>
      <ul className="recovery-codes" data-copy-source="">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="row-actions">
        <a
          className="btn btn-outline"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="recovery-codes.txt"
          data-download-codes=""
        >
          Download the codes
        </a>
        <button type="button" className="btn btn-outline" data-copy-codes={codes.join('\n')} hidden>
          Copy the codes
        </button>
        <span role="status" data-copy-status=""></span>
      </div>
      <p>
        <a className="btn btn-primary" href={view.next ?? '/admin'}>
          I have kept them: continue
        </a>
      </p>
    </section>
  );
}
