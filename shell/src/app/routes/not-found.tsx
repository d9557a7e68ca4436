import { Button } from '@atelier/ui';
import { Link } from 'react-router-dom';
import { ROUTES, TEXTS } from '../../constants';

export function NotFoundRoute() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="font-display text-7xl text-accent sm:text-8xl">404</p>
      <h1 className="text-3xl sm:text-4xl">{TEXTS.notFoundTitle}</h1>
      <p className="max-w-md text-muted-foreground">{TEXTS.notFoundText}</p>
      <Button asChild size="lg" className="mt-2">
        <Link to={ROUTES.landing}>{TEXTS.backToGenerator}</Link>
      </Button>
    </main>
  );
}

export const Component = NotFoundRoute;
