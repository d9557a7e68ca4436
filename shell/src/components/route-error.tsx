import { Button } from '@atelier/ui';
import { useRouteError } from 'react-router-dom';
import { RevealApp } from './reveal-app';

/** Shown when a route itself fails (e.g. its code chunk cannot be fetched after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error('[route] failed:', error);
  return (
    <main role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">This page could not be shown. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
      <RevealApp />
    </main>
  );
}
