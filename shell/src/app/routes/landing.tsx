import { Button } from '@atelier/ui';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, ROUTES, TEXTS } from '../../constants';

const FEATURES = ['Photorealism', 'Fashion factory', '40+ presets', 'AI skin fix', 'Dress ups', 'Upscale', 'Text to video', 'Text to photo', 'AI edits'];

/** The visitor's front page (the full carousel and scene come with the shell experience issue). */
export function LandingRoute() {
  return (
    <div className="flex min-h-svh flex-col bg-ink text-ivory">
      <header className="mx-auto flex w-full max-w-7xl items-center gap-4 px-4 py-5 sm:px-6">
        <Link to={ROUTES.landing} className="font-display text-2xl tracking-tight sm:text-3xl">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className="ml-auto flex items-center gap-2 sm:gap-4">
          <Link to={ROUTES.pricing} className="rounded-full px-3 py-2 text-sm text-ivory/80 hover:text-ivory">
            Pricing
          </Link>
          <Button asChild variant="outline" size="sm" className="border-ivory/60 text-ivory hover:bg-ivory hover:text-ink">
            <Link to={ROUTES.app}>{TEXTS.login}</Link>
          </Button>
        </nav>
      </header>

      <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col justify-center gap-8 px-4 pb-16 pt-8 sm:px-6">
        <p className="text-xs uppercase tracking-[0.3em] text-accent-soft">Unlimited Dress Up is here</p>
        <h1 className="max-w-4xl text-5xl leading-[1.05] sm:text-7xl">
          The AI fashion studio for images, video and try-ons.
        </h1>
        <p className="max-w-xl text-base text-ivory/70 sm:text-lg">
          Create high-aesthetic fashion images and videos in seconds. Join 10k+ creators.
        </p>
        <div>
          <Button asChild variant="accent" size="lg">
            <Link to={ROUTES.app}>{TEXTS.exploreNow}</Link>
          </Button>
        </div>
        <ul aria-label="Features" className="flex flex-wrap gap-2">
          {FEATURES.map((feature) => (
            <li key={feature} className="rounded-full border border-ivory/20 px-3 py-1 text-xs text-ivory/80">
              {feature}
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}

export const Component = LandingRoute;
