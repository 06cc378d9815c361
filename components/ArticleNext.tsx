import { CONSULTATION_URL } from '../lib/urls.ts';
import CallButton from './CallButton.tsx';

interface Link {
  name: string;
  path: string;
}

interface Props {
  /** The service pages the article leads to. */
  services: Link[];
  /** The place the article is about, when it names one. */
  place?: Link;
}

/** What comes after an article: the call to action and the services and area the guide is about. */
export default function ArticleNext({ services, place }: Props) {
  return (
    <section className="article-next" aria-labelledby="article-next-heading">
      <h2 id="article-next-heading">Want a roofer to look at yours?</h2>
      <p>A free inspection tells you where your roof stands on what this guide covers.</p>
      <div className="cta-actions">
        <a className="btn btn-primary" href={CONSULTATION_URL}>
          Request a free consultation
        </a>
        <CallButton className="btn btn-call" />
      </div>
      {services.length || place ? (
        <>
          <h3 id="article-next-links-heading">Services and areas for this guide</h3>
          <ul className="article-next-links" aria-labelledby="article-next-links-heading">
            {[...services, ...(place ? [place] : [])].map((link) => (
              <li key={link.path}>
                <a href={link.path}>{link.name}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
