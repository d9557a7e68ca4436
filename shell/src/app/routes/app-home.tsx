import { Link } from 'react-router-dom';
import { ROUTES, TEXTS } from '../../constants';
import { OnboardingDialog } from '../../features/onboarding/components/onboarding-dialog';
import { useFirstVisit } from '../../features/onboarding/hooks/use-first-visit';

// SPEC §2 "App home": five cards and their targets (Photoshoots is always shown here).
const CARDS = [
  { title: 'Generate Images', text: 'Text to photo with 40+ presets.', to: ROUTES.image, mark: 'Aa' },
  { title: 'Generate Videos', text: 'Bring a still to life.', to: ROUTES.video, mark: '▶' },
  { title: 'Photoshoots', text: 'Ten photos of your character in one garment.', to: ROUTES.photoshoots, mark: '10' },
  { title: 'Virtual Try-On', text: 'Re-dress any character.', to: ROUTES.dressUp, mark: '◐' },
  { title: 'Canvas Editing', text: 'Edit a photo with a sentence.', to: ROUTES.canvas, mark: '✎' },
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
              className="group flex h-full min-h-40 flex-col gap-2 rounded-lg border border-border bg-card p-5 shadow-soft transition-colors hover:border-ink"
            >
              <span aria-hidden="true" className="mb-2 grid h-10 w-10 place-items-center rounded-full bg-ink font-display text-lg text-ivory">
                {card.mark}
              </span>
              <h2 className="text-2xl leading-tight">{card.title}</h2>
              <p className="text-sm text-muted-foreground">{card.text}</p>
              <span aria-hidden="true" className="mt-auto pt-2 text-accent transition-transform group-hover:translate-x-1">→</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const Component = AppHomeRoute;
