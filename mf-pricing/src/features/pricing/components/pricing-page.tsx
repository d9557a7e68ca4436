import { useCurrentUser, useHost } from '@atelier/host';
import { useEffect, useRef, useState } from 'react';
import {
  ANALYTICS_EVENTS,
  PAGE_TEXTS,
  REGIONS,
  ROUTES,
  type BillingFrequency,
  type Currency,
  type PlanTier,
  type PricingRegion,
  type PricingVariant,
} from '../../../constants';
import { useBillingPlans } from '../api/get-billing-plans';
import { useCheckout } from '../hooks/use-checkout';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { usePricingRegion } from '../hooks/use-pricing-region';
import { useStripeJs } from '../hooks/use-stripe-js';
import { frequencyFor, priceIdFor } from '../utils/plan-price';
import { CurrentPlanCard } from './current-plan-card';
import { FrequencyToggle } from './frequency-toggle';
import { PlanCard } from './plan-card';
import { PlanGrid, PlansError, PlansLoading } from './plan-list';
import { PricingFaq } from './pricing-faq';
import { PricingFooter } from './pricing-footer';
import { RegionPicker } from './region-picker';
import { WaitlistDialog } from './waitlist-dialog';

const currencyOfRegion = (region: PricingRegion | null): Currency => REGIONS.find((r) => r.id === region)?.currency ?? 'usd';

/**
 * /pricing (variant select: the region picker opens for a signed-in user; prices in the region last chosen),
 * /pricing/all (USD, monthly and yearly) and /pricing/in (IDR, monthly only). SPEC.md §2, §4, §6, §7 and §8.
 */
export function PricingPage({ variant }: { variant: PricingVariant }) {
  const host = useHost();
  const { user } = useCurrentUser();
  const plans = useBillingPlans();
  useStripeJs(plans.data);
  const checkout = useCheckout(plans.data);
  const { returnedFromCheckout } = useCheckoutReturn();
  const { region, remember } = usePricingRegion();
  const [frequency, setFrequency] = useState<BillingFrequency>('monthly');
  const [regionPickerOpen, setRegionPickerOpen] = useState(false);
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const currency: Currency = variant === 'in' ? 'idr' : variant === 'all' ? 'usd' : currencyOfRegion(region);
  const shownFrequency = frequencyFor(currency, frequency);

  // /pricing opens the region picker on load for a signed-in user (not on the way back from Stripe).
  useEffect(() => {
    if (variant === 'select' && user && !returnedFromCheckout) setRegionPickerOpen(true);
  }, [variant, user, returnedFromCheckout]);

  const viewed = useRef<PricingVariant | null>(null);
  useEffect(() => {
    if (viewed.current === variant) return; // once per page, also under StrictMode's double effects
    viewed.current = variant;
    host.track(ANALYTICS_EVENTS.pricingViewed, { variant, currency });
  }, [host, variant, currency]);

  const pickRegion = (picked: PricingRegion) => {
    remember(picked);
    setRegionPickerOpen(false);
    host.navigate(REGIONS.find((r) => r.id === picked)!.path);
  };

  const choose = (tier: PlanTier) => {
    if (!user) return host.navigate(ROUTES.login);
    const priceId = priceIdFor(tier, currency, shownFrequency);
    if (!priceId) return setWaitlistOpen(true);
    void checkout.start({ plan: tier.id, priceId, currency, frequency: shownFrequency });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 lg:py-12">
      <header className="flex flex-col items-center gap-4 text-center">
        <h1 ref={heading} tabIndex={-1} className="font-display text-4xl focus:outline-none md:text-5xl">
          {PAGE_TEXTS.title}
        </h1>
        <p className="max-w-xl text-sm text-muted-foreground">{PAGE_TEXTS.intro}</p>
        {currency === 'usd' ? (
          <FrequencyToggle frequency={frequency} onChange={setFrequency} />
        ) : (
          <p className="text-sm text-muted-foreground">{PAGE_TEXTS.idrNote}</p>
        )}
      </header>

      {user && user.plan !== 'free' && <CurrentPlanCard user={user} tiers={plans.data?.tiers} />}

      {plans.isPending ? (
        <PlansLoading />
      ) : plans.isError ? (
        <PlansError onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : (
        <PlanGrid>
          {plans.data.tiers.map((tier) => (
            <PlanCard
              key={tier.id}
              tier={tier}
              currency={currency}
              frequency={shownFrequency}
              current={user?.plan === tier.id}
              pending={checkout.pendingPlan === tier.id}
              disabled={checkout.pendingPlan !== null}
              onChoose={choose}
            />
          ))}
        </PlanGrid>
      )}

      <PricingFaq />
      <PricingFooter />

      {/* The picker opened by itself, so there is no control to give focus back to: the page's heading takes it. */}
      <RegionPicker open={regionPickerOpen} lastChosen={region} onPick={pickRegion} onClosed={() => heading.current?.focus()} />
      <WaitlistDialog open={waitlistOpen} onOpenChange={setWaitlistOpen} />
    </div>
  );
}
