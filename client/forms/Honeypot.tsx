/**
 * The spam trap: invisible and unreachable for people
 * (off-screen, aria-hidden, out of the tab order), filled in by naive bots.
 */
export default function Honeypot({ idPrefix }: { idPrefix: string }) {
  const id = `${idPrefix}-website`;
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={id}>Leave this empty</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
