import { Progress } from '@atelier/ui';
import type { ReactNode } from 'react';
import { formatDateTime, isUnlimited } from '../utils/format';

export interface UsageCardProps {
  id: string;
  title: string;
  /** The unit, singular: "credit", "photoshoot". */
  unit: string;
  used: number;
  limit: number;
  /** When the period ends and the allowance renews. */
  renewsAt: string;
  /** Shown instead of the numbers when the plan has none of this (a limit of 0). */
  none?: ReactNode;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** What was used of one allowance in the current period and what is left (unlimited at 999 or more, SPEC §9). */
export function UsageCard({ id, title, unit, used, limit, renewsAt, none }: UsageCardProps) {
  const unlimited = isUnlimited(limit);
  const left = Math.max(0, limit - used);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5 shadow-soft">
      <h2 id={id} className="text-sm font-medium uppercase tracking-widest text-muted-foreground">
        {title}
      </h2>
      {limit === 0 && none ? (
        <div className="flex flex-1 flex-col gap-2 text-sm text-muted-foreground">{none}</div>
      ) : (
        <>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-display text-4xl leading-none">{unlimited ? 'Unlimited' : left}</span>
            {unlimited ? null : <span className="text-sm text-muted-foreground">left of {limit}</span>}
          </p>
          {unlimited ? null : (
            <Progress value={limit > 0 ? Math.min(100, (used / limit) * 100) : 100} aria-label={`${title} used`} />
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Used</dt>
            <dd>{plural(used, unit)} this period</dd>
            <dt className="text-muted-foreground">Renews</dt>
            <dd>{formatDateTime(renewsAt)}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
