import { useCurrentUser, useHost } from '@atelier/host';
import { useEffect, useState, type MouseEvent } from 'react';
import {
  FAQ,
  PLAN_TIERS,
  PRICING_REGION_STORAGE_KEY,
  REGIONS,
  type BillingFrequency,
  type PlanTier,
  type PricingRegion,
  type PricingVariant,
} from '../../../constants';
import { CurrentPlanCard } from './current-plan-card';
import { FrequencyToggle, PlanCard } from './plan-card';
import { RegionPicker } from './region-picker';
import { WaitlistDialog } from './waitlist-dialog';

/** /pricing (variant select), /pricing/all (USD, monthly and yearly) and /pricing/in (IDR, monthly only). */
export function PricingPage({ variant }: { variant: PricingVariant }) {
  const host = useHost();
  const { user } = useCurrentUser();
  const [frequency, setFrequency] = useState<BillingFrequency>('monthly');
  const [regionPickerOpen, setRegionPickerOpen] = useState(false);
  const [waitlistOpen, setWaitlistOpen] = useState(false);
  const currency = variant === 'in' ? 'IDR' : 'USD';

  // /pricing opens the region picker on load for a signed-in user.
  useEffect(() => {
    if (variant === 'select' && user) setRegionPickerOpen(true);
  }, [variant, user]);

  useEffect(() => {
    host.track('pricing_viewed', { variant });
  }, [host, variant]);

  const pickRegion = (region: PricingRegion) => {
    localStorage.setItem(PRICING_REGION_STORAGE_KEY, region);
    setRegionPickerOpen(false);
    host.navigate(REGIONS.find((r) => r.id === region)!.path);
  };

  const choose = (tier: PlanTier) => {
    if (!user) return host.navigate('/login');
    // Checkout needs the tier's price for the chosen frequency; without one, the waitlist opens.
    if (!tier.stripePriceId[currency === 'IDR' ? 'monthly' : frequency]) return setWaitlistOpen(true);
  };

  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    host.navigate(to);
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 lg:py-12">
      <header className="flex flex-col items-center gap-4 text-center">
        <h1 className="font-display text-4xl md:text-5xl">Pricing</h1>
        <p className="max-w-xl text-sm text-muted-foreground">
          Monthly credits for images, videos, Dress Up and Photoshoots. Paid plans remove the free limits.
        </p>
        {currency === 'USD' ? (
          <FrequencyToggle frequency={frequency} onChange={setFrequency} />
        ) : (
          <p className="text-sm text-muted-foreground">Prices in IDR, billed monthly</p>
        )}
      </header>

      {user && user.plan !== 'free' && <CurrentPlanCard user={user} />}

      <div className="grid gap-5 md:grid-cols-3">
        {PLAN_TIERS.map((tier) => (
          <PlanCard key={tier.id} tier={tier} currency={currency} frequency={currency === 'IDR' ? 'monthly' : frequency} onChoose={choose} />
        ))}
      </div>

      <section aria-labelledby="faq" className="mx-auto flex w-full max-w-3xl flex-col gap-3">
        <h2 id="faq" className="font-display text-2xl">
          Frequently asked questions
        </h2>
        {FAQ.map(({ question, answer }) => (
          <details key={question} className="rounded-md border border-border bg-card px-4 py-3">
            <summary className="cursor-pointer text-sm font-medium">{question}</summary>
            <p className="mt-2 text-sm text-muted-foreground">{answer}</p>
          </details>
        ))}
      </section>

      <footer className="flex justify-center gap-6 border-t border-border pt-6 text-sm text-muted-foreground">
        <a href="/terms" onClick={go('/terms')} className="hover:text-foreground">
          Terms of Service
        </a>
        <a href="/privacy" onClick={go('/privacy')} className="hover:text-foreground">
          Privacy Policy
        </a>
      </footer>

      <RegionPicker open={regionPickerOpen} onPick={pickRegion} />
      <WaitlistDialog open={waitlistOpen} onOpenChange={setWaitlistOpen} />
    </div>
  );
}
