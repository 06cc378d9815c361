import type { ReactNode } from 'react';

interface Props {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The alternate background, so neighbouring sections stand apart. */
  alt?: boolean;
  children: ReactNode;
}

/** A home page section below the fold, with its heading: it loads its images when near (data-section). */
export default function HomeSection({ id, title, alt, children }: Props) {
  return (
    <section className={alt ? 'section section-alt' : 'section'} aria-labelledby={id} data-section="">
      <div className="container">
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </section>
  );
}
