import { Button } from '@atelier/ui';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RevealApp } from './reveal-app';

/** Shown when a route itself fails (e.g. its code chunk cannot be fetched after a deploy). */
export function RouteError() {
  return (
    <main role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">This page could not be shown. Reloading usually helps.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
      <RevealApp />
    </main>
  );
}

/** Around the routes: a route that throws shows RouteError until the app moves to another path. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

interface BoundaryState {
  failed: boolean;
  pathname: string;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): BoundaryState | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    console.error('[route] failed:', error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
