import { DevHost } from '@atelier/host/dev';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Routes } from 'react-router-dom';
import PricingPage from '../expose/pricing-page';
import './dev.css';

// The shell's three pricing routes (SPEC.md §2), each with its variant; anything else shows /pricing.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DevHost>
      <Routes>
        <Route path="/pricing/all" element={<PricingPage variant="all" />} />
        <Route path="/pricing/in" element={<PricingPage variant="in" />} />
        <Route path="*" element={<PricingPage variant="select" />} />
      </Routes>
    </DevHost>
  </StrictMode>,
);
