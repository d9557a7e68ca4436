// @atelier/host/first-paint: a remote's screen rendered at build time as it looks before any of its data has
// arrived. The remote's build writes these to dist/first-paint.json and the gateway sends the one for the route
// inside the page, so the screen paints before any script has run (docs/architecture.md, "First paint").
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
// By package name, as DevHost does: the provider must be the very instance the remote's components import.
import { createQueryClient, HostProvider, type Host } from '@atelier/host';

const nothing = () => undefined;

/** At build time there is no user, no server, nothing to show a toast in and nowhere to go. */
const BUILD_TIME_HOST: Host = {
  apiRequest: () => Promise.reject(new Error('There is no API at build time')),
  toast: nothing,
  openLimitDialog: nothing,
  navigate: nothing,
  track: nothing,
};

/**
 * The HTML of `screen` at `path` with the shell's providers around it and every query still loading: the
 * current user unknown, so a screen renders what it shows before the session has been read.
 */
export function renderFirstPaint(path: string, screen: ReactElement): string {
  return renderToString(
    <StrictMode>
      <HostProvider host={BUILD_TIME_HOST}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
        </QueryClientProvider>
      </HostProvider>
    </StrictMode>,
  );
}
