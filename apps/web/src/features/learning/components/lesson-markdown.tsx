// A lesson's Markdown as React elements (react-markdown): no raw HTML is ever rendered (the library drops it), no
// `#` heading (the page's title is the one h1), links only to https: (opened apart), images only from the program's
// own folder.
import { useId, useState, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Button } from 'react-aria-components';
import { useT } from '../../../program/use-t.ts';
import { foldsSection, type LessonSection } from '../lesson-text.ts';

function components(slug: string): Components {
  return {
    a: ({ href, children }) =>
      href?.startsWith('https://') ? (
        <a className="text-link" href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <>{children}</>
      ),
    img: ({ src, alt }) =>
      typeof src === 'string' && /^images\/[a-z0-9-]+\.(svg|png|jpg|webp)$/.test(src) && alt ? (
        <img className="lesson__image" src={`/program/${slug}/${src}`} alt={alt} loading="lazy" />
      ) : null,
  };
}

function MarkdownBlocks({ blocks, slug }: { blocks: string[]; slug: string }) {
  return (
    <Markdown components={components(slug)} disallowedElements={['h1', 'h4', 'h5', 'h6']} unwrapDisallowed skipHtml>
      {blocks.join('\n\n')}
    </Markdown>
  );
}

/** A section; a long one shows its first block and folds the rest behind read more / read less. */
export function LessonSectionView({ section, slug }: { section: LessonSection; slug: string }): ReactNode {
  const t = useT();
  const headingId = useId();
  const restId = useId();
  const [open, setOpen] = useState(false);
  const folds = foldsSection(section);
  const heading = section.heading ? (
    <h2 id={headingId} className="lesson__heading">
      {section.heading}
    </h2>
  ) : null;
  return (
    <section className="lesson__section" aria-labelledby={section.heading ? headingId : undefined}>
      {heading}
      {folds ? (
        <>
          <MarkdownBlocks blocks={section.blocks.slice(0, 1)} slug={slug} />
          <div id={restId} hidden={!open}>
            <MarkdownBlocks blocks={section.blocks.slice(1)} slug={slug} />
          </div>
          <Button
            className="text-button lesson__fold"
            aria-expanded={open}
            aria-controls={restId}
            aria-describedby={section.heading ? headingId : undefined}
            onPress={() => setOpen((was) => !was)}
          >
            {t(open ? 'common.readLess' : 'common.readMore')}
          </Button>
        </>
      ) : (
        <MarkdownBlocks blocks={section.blocks} slug={slug} />
      )}
    </section>
  );
}
