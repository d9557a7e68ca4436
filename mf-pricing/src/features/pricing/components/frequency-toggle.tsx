import { cn } from '@atelier/ui';
import { YEARLY_SAVING_BADGE, type BillingFrequency } from '../../../constants';

interface FrequencyToggleProps {
  frequency: BillingFrequency;
  onChange(frequency: BillingFrequency): void;
}

/** Monthly / Yearly for USD prices; the yearly view shows the Save 35% badge (SPEC.md §2). */
export function FrequencyToggle({ frequency, onChange }: FrequencyToggleProps) {
  const option = (value: BillingFrequency, label: string) => (
    <button
      type="button"
      aria-pressed={frequency === value}
      onClick={() => onChange(value)}
      className={cn(
        'cursor-pointer rounded-full px-4 py-1.5 text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        frequency === value ? 'bg-ink text-ivory' : 'text-foreground hover:bg-muted',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="flex min-h-8 flex-wrap items-center justify-center gap-3">
      <div role="group" aria-label="Billing frequency" className="flex rounded-full border border-border bg-card p-1">
        {option('monthly', 'Monthly')}
        {option('yearly', 'Yearly')}
      </div>
      {frequency === 'yearly' && (
        <span className="rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent">{YEARLY_SAVING_BADGE}</span>
      )}
    </div>
  );
}
