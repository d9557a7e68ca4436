import { DevToolsPanel } from '../../features/dev-tools/components/dev-tools-panel';

/** /app/dev (login required by the /app guard): developer tools. */
export function DevRoute() {
  return <DevToolsPanel />;
}

export const Component = DevRoute;
