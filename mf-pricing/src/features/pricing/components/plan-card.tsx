import { Button, cn } from '@atelier/ui';
import { YEARLY_SAVING_BADGE, type BillingFrequency, type PlanTier } from '../../../constants';

interface PlanCardProps {
  tier: PlanTier;
  currency: 'USD' | 'IDR';
  frequency: BillingFrequency;
  onChoose(tier: PlanTier): void;
}

const formatters = {
  USD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  IDR: new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }),
};

export function PlanCard({ tier, currency, frequency, onChoose }: PlanCardProps) {
  const price = currency === 'IDR' ? tier.idrMonthly : tier.usd[frequency];
  return (
    <article
      aria-labelledby={`plan-${tier.id}`}
      className={cn(
        'relative flex flex-col gap-5 rounded-lg border bg-card p-6 shadow-soft',
        tier.popular ? 'border-ink' : 'border-border',
      )}
    >
      <header className="flex items-center justify-between gap-2">
        <h2 id={`plan-${tier.id}`} className="font-display text-2xl">
          {tier.name}
        </h2>
        {tier.popular && (
          <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-medium text-ivory">Most popular</span>
        )}
      </header>
      <p className="flex items-baseline gap-1">
        <span className="font-display text-4xl">{formatters[currency].format(price)}</span>
        <span className="text-sm text-muted-foreground">/ month</span>
      </p>
      {frequency === 'yearly' && <p className="-mt-3 text-xs text-muted-foreground">billed yearly</p>}
      <ul className="flex flex-1 flex-col gap-2 text-sm">
        {tier.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-accent">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <Button variant={tier.popular ? 'default' : 'outline'} onClick={() => onChoose(tier)}>
        Get {tier.name}
      </Button>
    </article>
  );
}

interface FrequencyToggleProps {
  frequency: BillingFrequency;
  onChange(frequency: BillingFrequency): void;
}

export function FrequencyToggle({ frequency, onChange }: FrequencyToggleProps) {
  const option = (value: BillingFrequency, label: string) => (
    <button
      type="button"
      aria-pressed={frequency === value}
      onClick={() => onChange(value)}
      className={cn(
        'cursor-pointer rounded-full px-4 py-1.5 text-sm transition-colors',
        frequency === value ? 'bg-ink text-ivory' : 'text-foreground hover:bg-muted',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="flex items-center gap-3">
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
