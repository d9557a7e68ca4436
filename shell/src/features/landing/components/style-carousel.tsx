import { useState, type MouseEvent } from 'react';
import { useMediaQuery, useRotation } from '../../../hooks/use-rotation';
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS, LANDING_STYLES, type LandingStyle } from '../utils/styles';
import { ArtImage, styleArt } from './art-image';

interface StyleCardProps {
  style: LandingStyle;
  href: string;
  onNavigate: (event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}

function StyleCard({ style, href, onNavigate, className = '' }: StyleCardProps) {
  return (
    <a
      href={href}
      onClick={onNavigate}
      className={`group relative block overflow-hidden rounded-lg bg-ink-soft shadow-soft ring-1 ring-ivory/10 ${className}`}
    >
      <ArtImage
        art={styleArt(style.id)}
        alt={`${style.title}: ${style.subtitle}`}
        sizes="(min-width: 80rem) 11rem, (min-width: 48rem) 25vw, 100vw"
        className="aspect-[3/4] h-auto w-full transition-transform duration-500 group-hover:scale-[1.03]"
      />
      <span className="absolute inset-x-0 bottom-0 flex flex-col gap-0.5 bg-gradient-to-t from-ink/90 via-ink/55 to-transparent p-4 pt-12">
        <span className="font-display text-xl leading-tight text-ivory">{style.title}</span>
        <span className="text-xs text-ivory/75">{style.subtitle}</span>
      </span>
    </a>
  );
}

export interface StyleCarouselProps {
  /** Where every card leads (/app). */
  href: string;
  onNavigate: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * SPEC §2: on phones one card at a time, advancing every 4000 ms with a 250 ms fade, with dots to choose a
 * card; from md up a grid of 4 columns (7 from xl). Rotation pauses while the carousel is focused. Only the
 * layout of the current screen is rendered (each card is an SVG artwork with a grain filter: rendering the
 * hidden grid on phones cost the landing a third of its main-thread time).
 */
export function StyleCarousel({ href, onNavigate }: StyleCarouselProps) {
  const desktop = useMediaQuery('(min-width: 48rem)') // Tailwind's md, in rem like the CSS: they agree at any default font size;
  const [focused, setFocused] = useState(false);
  const { index, select } = useRotation(LANDING_STYLES.length, CAROUSEL_INTERVAL_MS, desktop || focused);
  const current = LANDING_STYLES[index]!;

  if (desktop) {
    return (
      <ul aria-label="Styles" className="hidden gap-4 md:grid md:grid-cols-4 xl:grid-cols-7">
        {LANDING_STYLES.map((style) => (
          <li key={style.id}>
            <StyleCard style={style} href={href} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div
      className="md:hidden"
      role="group"
      aria-roledescription="carousel"
      aria-label="Styles"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        key={current.id}
        data-testid="carousel-slide"
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${LANDING_STYLES.length}`}
        className="animate-fade-in"
        style={{ animationDuration: `${CAROUSEL_FADE_MS}ms` }}
      >
        <StyleCard style={current} href={href} onNavigate={onNavigate} className="mx-auto max-w-sm" />
      </div>
      <div className="mt-4 flex justify-center gap-1">
        {LANDING_STYLES.map((style, i) => (
          <button
            key={style.id}
            type="button"
            aria-label={`Show ${style.title}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => select(i)}
            className="group grid h-8 w-8 cursor-pointer place-items-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-ivory' : 'w-2 bg-ivory/35 group-hover:bg-ivory/60'}`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
