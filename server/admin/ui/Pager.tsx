/** The links to the pages (or weeks) before and after this one; a missing side is left out. */
export default function Pager({
  label,
  prev,
  next,
  buttonClass = 'btn btn-outline',
}: {
  label: string;
  prev: { href: string | null; text: string };
  next: { href: string | null; text: string };
  buttonClass?: string;
}) {
  return (
    <nav className="admin-pager" aria-label={label}>
      {prev.href ? (
        <a className={buttonClass} href={prev.href} rel="prev">
          {prev.text}
        </a>
      ) : null}
      {next.href ? (
        <a className={buttonClass} href={next.href} rel="next">
          {next.text}
        </a>
      ) : null}
    </nav>
  );
}
