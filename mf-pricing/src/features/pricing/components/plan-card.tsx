import { Button, cn, Spinner } from '@atelier/ui';
import { PAGE_TEXTS, planButtonLabel, type BillingFrequency, type Currency, type PlanTier } from '../../../constants';
import { formatPrice, pricePerMonth } from '../utils/plan-price';

interface PlanCardProps {
  tier: PlanTier;
  currency: Currency;
  frequency: BillingFrequency;
  /** The signed-in user's own plan: shown as current, not as a button to buy it. */
  current: boolean;
  /** This tier's checkout is starting. */
  pending: boolean;
  /** Another checkout is starting. */
  disabled: boolean;
  onChoose(tier: PlanTier): void;
}

export function PlanCard({ tier, currency, frequency, current, pending, disabled, onChoose }: PlanCardProps) {
  return (
    <article
      aria-labelledby={`plan-${tier.id}`}
      className={cn(
        'relative flex flex-col gap-5 rounded-lg border bg-card p-6 shadow-soft',
        current ? 'border-accent' : tier.popular ? 'border-ink' : 'border-border',
      )}
    >
      <header className="flex items-center justify-between gap-2">
        <h2 id={`plan-${tier.id}`} className="font-display text-2xl">
          {tier.name}
        </h2>
        {tier.popular && <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-medium text-ivory">{PAGE_TEXTS.popular}</span>}
      </header>
      <div>
        <p className="flex items-baseline gap-1">
          <span className="font-display text-4xl">{formatPrice(pricePerMonth(tier, currency, frequency), currency)}</span>
          <span className="text-sm text-muted-foreground">{PAGE_TEXTS.perMonth}</span>
        </p>
        {frequency === 'yearly' && <p className="mt-1 text-xs text-muted-foreground">{PAGE_TEXTS.billedYearly}</p>}
      </div>
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
      {current ? (
        <p className="flex h-10 items-center justify-center rounded-full bg-accent-soft text-sm font-medium text-accent">
          {PAGE_TEXTS.yourPlan}
        </p>
      ) : (
        <Button
          variant={tier.popular ? 'default' : 'outline'}
          onClick={() => onChoose(tier)}
          disabled={pending || disabled}
          aria-busy={pending || undefined}
        >
          {pending && (
            // Hidden from the accessible name, which stays the visible "Get …"; aria-busy says it is working.
            <span aria-hidden="true">
              <Spinner className="[&_svg]:h-4 [&_svg]:w-4" />
            </span>
          )}
          {planButtonLabel(tier.name)}
        </Button>
      )}
    </article>
  );
}
