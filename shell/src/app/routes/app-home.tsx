import { Link } from 'react-router-dom';
import { ArtImage } from '../../features/landing/components/art-image';
import { ROUTES, TEXTS } from '../../constants';
import { OnboardingDialog } from '../../features/onboarding/components/onboarding-dialog';
import { useFirstVisit } from '../../features/onboarding/hooks/use-first-visit';

// SPEC §2 "App home": five cards and their targets (Photoshoots is always shown here).
const CARDS = [
  { title: 'Generate Images', text: 'Text to photo with 40+ presets.', to: ROUTES.image, art: 'home-image' },
  { title: 'Generate Videos', text: 'Bring a still to life.', to: ROUTES.video, art: 'home-video' },
  { title: 'Photoshoots', text: 'Ten photos of your character in one garment.', to: ROUTES.photoshoots, art: 'home-photoshoot' },
  { title: 'Virtual Try-On', text: 'Re-dress any character.', to: ROUTES.dressUp, art: 'home-try-on' },
  { title: 'Canvas Editing', text: 'Edit a photo with a sentence.', to: ROUTES.canvas, art: 'home-canvas' },
] as const;

export function AppHomeRoute() {
  const firstVisit = useFirstVisit();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl sm:text-5xl">{TEXTS.appHomeTitle}</h1>
        {/* Shown once on a first visit; the button reopens it any time. */}
        <OnboardingDialog defaultOpen={firstVisit} />
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="group flex h-full flex-row overflow-hidden rounded-lg border border-border bg-card shadow-soft transition-colors hover:border-ink sm:flex-col"
            >
              {/* The whole figure: beside the text on phones, above it from sm up. */}
              <div aria-hidden="true" className="aspect-[3/4] w-28 shrink-0 overflow-hidden bg-ink sm:w-full">
                <ArtImage
                  art={card.art}
                  sizes="(min-width: 64rem) 18vw, (min-width: 40rem) 50vw, 7rem"
                  className="h-full w-full transition-transform duration-500 group-hover:scale-[1.04]"
                />
              </div>
              <div className="flex flex-1 flex-col gap-2 p-5">
                <h2 className="text-2xl leading-tight">{card.title}</h2>
                <span className="text-sm text-muted-foreground">{card.text}</span>
                <span aria-hidden="true" className="mt-auto pt-2 text-accent transition-transform group-hover:translate-x-1">→</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const Component = AppHomeRoute;
