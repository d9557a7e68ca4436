import { Button, Spinner } from '@atelier/ui';
import type { ReactNode } from 'react';
import { PAGE_TEXTS } from '../../../constants';

const grid = 'grid gap-5 md:grid-cols-3';

/** While GET /api/billing/plans loads: three placeholder cards and a status line. */
export function PlansLoading() {
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Spinner className="[&_svg]:h-4 [&_svg]:w-4" label={PAGE_TEXTS.plansLoading} />
        <span aria-hidden="true">{PAGE_TEXTS.plansLoading}</span>
      </p>
      <div className={grid} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-96 animate-pulse rounded-lg border border-border bg-card" />
        ))}
      </div>
    </div>
  );
}

/** The plans could not be loaded: a plain message (never the status text) and a retry. */
export function PlansError({ onRetry, retrying }: { onRetry(): void; retrying: boolean }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-lg border border-border bg-card p-8 text-center">
      <p className="font-display text-xl">{PAGE_TEXTS.plansFailed}</p>
      <p className="text-sm text-muted-foreground">{PAGE_TEXTS.plansFailedHint}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        {PAGE_TEXTS.retry}
      </Button>
    </div>
  );
}

export function PlanGrid({ children }: { children: ReactNode }) {
  return <div className={grid}>{children}</div>;
}
