import { DevHost } from '@atelier/host/dev';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import CanvasEditor from '../expose/canvas-editor';
import './dev.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DevHost>
      <CanvasEditor />
    </DevHost>
  </StrictMode>,
);
