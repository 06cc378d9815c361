/** The ten recovery codes, shown once after the authenticator app is set up. */
export default function RecoveryCodes({ codes, next }: { codes: string[]; next: string | null | undefined }) {
  return (
    <section className="admin-section" aria-labelledby="codes-title" data-recovery-codes="">
      <h2 id="codes-title">Your recovery codes</h2>
      <p>
        Your authenticator app is set up. Keep these ten codes somewhere safe, away from your phone: each one signs you in once if
        the phone is lost. They are shown only now.
      </p>
      <ul className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <a className="btn btn-primary" href={next ?? '/admin'}>
          I have kept them: continue
        </a>
      </p>
    </section>
  );
}
