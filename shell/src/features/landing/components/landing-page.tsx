import type { MouseEvent, ReactNode } from 'react';
import { PRODUCT_NAME, ROUTES, TEXTS } from '../../../constants';
import { FEATURE_PILLS, LANDING_COPY } from '../utils/copy';
import { useMediaQuery } from '../../../hooks/use-rotation';
import { ArtImage, styleArt } from './art-image';
import { StyleCarousel } from './style-carousel';

// The landing page is drawn without @atelier/ui, the router or React Query, so `/` loads only React and
// this page (see app/landing-app.tsx); links are plain anchors handed to `onNavigate`.

export interface LandingPageProps {
  /** Client-side navigation to a path of the app. */
  onNavigate: (to: string) => void;
  /** The hero's backdrop (the animated scene, with LandingScenePlaceholder as its placeholder). */
  background?: ReactNode;
}

function useLinkHandler(onNavigate: (to: string) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(new URL(event.currentTarget.href).pathname);
  };
}

function Pill({ children }: { children: ReactNode }) {
  return <li className="rounded-full border border-ivory/20 bg-ivory/5 px-3 py-1.5 text-xs tracking-wide text-ivory/85 backdrop-blur">{children}</li>;
}

/** The hero's still backdrop: shown until the animated scene is ready, and instead of it offline. */
export function LandingScenePlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="absolute inset-0 bg-[radial-gradient(ellipse_70%_55%_at_78%_18%,rgb(168_56_43/0.55),transparent_70%),radial-gradient(ellipse_60%_50%_at_10%_85%,rgb(243_223_217/0.16),transparent_70%),linear-gradient(160deg,#1a1715,#0f0e0d_55%)]"
    >
      <svg className="absolute inset-0 h-full w-full opacity-[0.18]" viewBox="0 0 800 600" preserveAspectRatio="none">
        <path d="M-20 420 C180 300 320 520 520 380 S820 300 840 340" fill="none" stroke="#f7f3ec" strokeWidth="1" />
        <path d="M-20 460 C200 340 340 560 540 420 S820 340 840 380" fill="none" stroke="#f7f3ec" strokeWidth="0.6" />
        <path d="M-20 500 C220 380 360 600 560 460 S820 380 840 420" fill="none" stroke="#f7f3ec" strokeWidth="0.4" />
      </svg>
      <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-ink" />
    </div>
  );
}

// Three of the looks fanned out beside the headline on wide screens (decorative).
const HERO_FAN = [
  { id: 'beauty', className: 'right-[15rem] top-16 -rotate-[8deg]' },
  { id: 'y2k', className: 'right-0 top-20 rotate-[7deg]' },
  { id: 'concept', className: 'right-[7.5rem] top-0 z-10' },
] as const;

function HeroFan() {
  // Rendered only where it shows (xl): three more grain-filtered artworks are real work on a phone.
  const wide = useMediaQuery('(min-width: 80rem)') // Tailwind's xl, in rem like the CSS;
  if (!wide) return null;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute bottom-8 right-8 top-32 hidden w-[28rem] xl:block xl:right-[max(2rem,calc((100vw-80rem)/2+2rem))]">
      {HERO_FAN.map(({ id, className }) => {
        return (
          <div key={id} className={`absolute w-48 overflow-hidden rounded-lg shadow-2xl ring-1 ring-ivory/15 ${className}`}>
            <ArtImage art={styleArt(id)} sizes="12rem" className="aspect-[3/4] h-auto w-full" />
          </div>
        );
      })}
    </div>
  );
}

const primaryButton =
  'inline-flex items-center justify-center rounded-full bg-ivory px-6 py-3 text-sm font-semibold text-ink shadow-soft transition-colors hover:bg-accent-soft';

export function LandingPage({ onNavigate, background = <LandingScenePlaceholder /> }: LandingPageProps) {
  const onLink = useLinkHandler(onNavigate);
  return (
    <div className="surface-dark min-h-svh bg-ink text-ivory">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-ivory focus:px-4 focus:py-2 focus:text-ink">
        Skip to content
      </a>
      <div className="relative isolate overflow-hidden">
        <div className="absolute inset-0 -z-10">{background}</div>
        <HeroFan />
        <header className="mx-auto flex w-full max-w-7xl items-center gap-3 px-5 py-5 sm:px-8">
          <a href={ROUTES.landing} onClick={onLink} className="font-display text-2xl tracking-tight sm:text-3xl">
            {PRODUCT_NAME}
          </a>
          <nav aria-label="Main" className="ml-auto flex items-center gap-1 sm:gap-3">
            <a href={ROUTES.pricing} onClick={onLink} className="rounded-full px-3 py-2 text-sm text-ivory/80 transition-colors hover:text-ivory">
              Pricing
            </a>
            <a
              href={ROUTES.app}
              onClick={onLink}
              className="rounded-full border border-ivory/50 px-4 py-2 text-sm font-medium transition-colors hover:bg-ivory hover:text-ink"
            >
              {TEXTS.login}
            </a>
          </nav>
        </header>

        <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-7xl flex-col gap-7 px-5 pb-16 pt-10 outline-none sm:px-8 sm:pb-24 sm:pt-20">
          <a
            href={ROUTES.dressUp}
            onClick={onLink}
            className="inline-flex w-fit flex-wrap items-center gap-x-2 rounded-full border border-accent-soft/30 bg-accent/25 px-3.5 py-1.5 text-xs text-ivory backdrop-blur transition-colors hover:bg-accent/40"
          >
            <span className="font-semibold uppercase tracking-[0.18em]">{LANDING_COPY.announcement}</span>
            <span className="text-ivory/75">— {LANDING_COPY.announcementDetail}</span>
          </a>
          <h1 className="max-w-4xl text-[2.9rem] leading-[1.02] tracking-tight sm:text-7xl lg:max-w-[40rem] lg:text-8xl">{LANDING_COPY.headline}</h1>
          <p className="max-w-xl text-base text-ivory/75 sm:text-lg lg:max-w-md">{LANDING_COPY.lede}</p>
          <div className="flex flex-wrap items-center gap-5">
            <a href={ROUTES.app} onClick={onLink} className={primaryButton}>
              {TEXTS.exploreNow}
            </a>
            <p className="flex items-center gap-3 text-sm text-ivory/80">
              <span aria-hidden="true" className="flex -space-x-2">
                {(['avatar-1', 'avatar-2', 'avatar-3', 'avatar-4'] as const).map((avatar) => (
                  <span key={avatar} className="h-7 w-7 overflow-hidden rounded-full border-2 border-ink bg-ink-soft">
                    <ArtImage art={avatar} sizes="1.75rem" className="h-full w-full" />
                  </span>
                ))}
              </span>
              {LANDING_COPY.creators}
            </p>
          </div>
          <ul aria-label="Features" className="flex max-w-3xl flex-wrap gap-2 lg:max-w-xl">
            {FEATURE_PILLS.map((pill) => (
              <Pill key={pill}>{pill}</Pill>
            ))}
          </ul>
        </main>
      </div>

      <section aria-labelledby="styles-title" className="mx-auto w-full max-w-7xl px-5 pb-20 pt-6 sm:px-8">
        <div className="mb-6 flex flex-col gap-1">
          <h2 id="styles-title" className="text-3xl sm:text-4xl">
            {LANDING_COPY.stylesTitle}
          </h2>
          <p className="text-sm text-ivory/70">{LANDING_COPY.stylesLede}</p>
        </div>
        <StyleCarousel href={ROUTES.app} onNavigate={onLink} />
      </section>

      <footer className="border-t border-ivory/10">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-4 px-5 py-6 text-xs text-ivory/60 sm:px-8">
          <span>© 2025 {PRODUCT_NAME}</span>
          <a href={ROUTES.terms} onClick={onLink} className="ml-auto inline-flex min-h-6 items-center underline-offset-4 hover:text-ivory hover:underline">
            Terms of Service
          </a>
          <a href={ROUTES.privacy} onClick={onLink} className="inline-flex min-h-6 items-center underline-offset-4 hover:text-ivory hover:underline">
            Privacy Policy
          </a>
        </div>
      </footer>
    </div>
  );
}
