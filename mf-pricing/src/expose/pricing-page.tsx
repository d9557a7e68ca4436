// mf_pricing/PricingPage: /pricing, /pricing/all and /pricing/in as the shell loads them.
import type { PricingVariant } from '../constants';
import { PricingPage } from '../features/pricing/components/pricing-page';
import '../styles.css';

export default function PricingPageRemote({ variant = 'select' }: { variant?: PricingVariant }) {
  return (
    <section data-remote="mf_pricing" className="w-full">
      <PricingPage variant={variant} />
    </section>
  );
}
