import { DevHost } from '@atelier/host/dev';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import PhotoshootFlow from '../expose/photoshoot-flow';
import './dev.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DevHost>
      <PhotoshootFlow />
    </DevHost>
  </StrictMode>,
);
