import { citedSources } from '../content/figures.ts';
import type { GalleryProject } from '../content/layer/gallery.ts';
import { SOURCES } from '../content/sources.ts';
import { useImage, type ProcessedImage } from './page-context.ts';
import Picture from './Picture.tsx';
import Prose from './Prose.tsx';
import { sourceDate } from './SourceList.tsx';
import { useSheet } from './page-sheets.ts';

interface Props {
  project: GalleryProject;
  headingLevel?: 2 | 3;
  /** Show the short story and its sources (the gallery and location pages); the home page shows the pictures only. */
  story?: boolean;
}

const DATE_TEXT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** What the lightbox shows, and what the link opens without JavaScript: the SVG of an illustration, a photograph's largest WebP. */
const largest = (image: ProcessedImage) => image.svg ?? image.webp.at(-1)!.url;

/**
 * One gallery project: its before and after pictures (each a link that opens
 * the picture large, in the lightbox with JavaScript), service, area and story.
 * An illustrated example says so on the card, and its date is the day it was added.
 */
export default function WorkCard({ project, headingLevel = 2, story = true }: Props) {
  useSheet('gallery');
  const Heading = `h${headingLevel}` as const;
  const titleId = `project-${project.slug}-title`;
  const cited = story ? citedSources([], [project.story], project.file) : [];
  const date = DATE_TEXT.format(new Date(`${project.date}T00:00:00Z`));
  return (
    <li
      className="card work-card"
      id={`project-${project.slug}`}
      data-service={project.service.slug}
      data-location={project.location.slug}
    >
      <article aria-labelledby={titleId}>
        <Heading id={titleId}>{project.title}</Heading>
        <p className="work-meta">
          {project.illustrated ? <span className="work-badge">Illustrated example</span> : null}{' '}
          <a href={project.service.path}>{project.service.name}</a> <a href={project.location.path}>{project.location.name}</a>
        </p>
        <div className="work-pair">
          {(['before', 'after'] as const).map((side) => (
            <Side key={side} side={side} project={project} />
          ))}
        </div>
        {story ? <Prose markdown={project.story} file={project.file} /> : null}
        <p className="meta-line">
          {project.illustrated ? (
            <>
              A drawing of typical work, not a photograph of a customer&rsquo;s home. Example added on{' '}
              <time dateTime={project.date}>{date}</time>.
            </>
          ) : (
            <>
              Completed <time dateTime={project.date}>{date}</time>.
            </>
          )}
        </p>
        {cited.length ? (
          <p className="meta-line work-sources">
            Sources:{' '}
            {cited.map((id, i) => {
              const source = SOURCES[id];
              return (
                <span key={id}>
                  {i ? '; ' : ''}
                  <a href={source.url} rel="noopener noreferrer external">
                    {source.title}
                  </a>
                  , {source.publisher}
                  {'date' in source && source.date ? `, ${sourceDate(source.date)}` : ''}
                </span>
              );
            })}
          </p>
        ) : null}
      </article>
    </li>
  );
}

function Side({ side, project }: { side: 'before' | 'after'; project: GalleryProject }) {
  const picture = project[side];
  const image = useImage(picture.src);
  const label = side === 'before' ? 'Before' : 'After';
  return (
    <figure>
      <a
        className="work-zoom"
        href={largest(image)}
        data-lightbox=""
        data-lightbox-title={`${project.title}: ${label.toLowerCase()}${project.illustrated ? ' (illustration)' : ''}`}
        data-lightbox-srcset={image.webp.length ? image.webp.map((s) => `${s.url} ${s.width}w`).join(', ') : undefined}
        data-lightbox-width={image.width}
        data-lightbox-height={image.height}
      >
        <Picture image={image} alt={picture.alt} sizes="(min-width: 72rem) 17rem, (min-width: 40rem) 22vw, 45vw" />
      </a>
      <figcaption>{label}</figcaption>
    </figure>
  );
}
