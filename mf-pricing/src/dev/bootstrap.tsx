import { DevHost } from '@atelier/host/dev';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import PricingPage from '../expose/pricing-page';
import './dev.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DevHost>
      <PricingPage />
    </DevHost>
  </StrictMode>,
);
