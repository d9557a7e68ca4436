import { DevHost } from '@atelier/host/dev';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CreateTab } from '../constants';
import CreateScreen from '../expose/create-screen';
import './dev.css';

// /image, /video or /dress-up picks the tab, as /app/<tab> does in the shell.
const tab = (['image', 'video', 'dress-up'] as const).find((t) => location.pathname.endsWith(t)) satisfies CreateTab | undefined;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DevHost>
      <CreateScreen tab={tab ?? 'image'} />
    </DevHost>
  </StrictMode>,
);
