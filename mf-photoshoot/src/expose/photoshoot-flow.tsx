// mf_photoshoot/PhotoshootFlow: the full-screen Photoshoot wizard opened from /app/photoshoots.
import { useRef } from 'react';
import { PhotoshootFlow } from '../features/photoshoot/components/photoshoot-flow';
import '../styles.css';

export default function PhotoshootFlowRemote() {
  const overlay = useRef<HTMLElement>(null);
  return (
    // The root is the overlay itself, so it has the screen's size (an empty wrapper would measure 0×0).
    <section
      ref={overlay}
      data-remote="mf_photoshoot"
      role="dialog"
      aria-modal="true"
      aria-labelledby="photoshoot-title"
      className="fixed inset-0 z-40 overflow-y-auto bg-background"
    >
      <PhotoshootFlow overlayRef={overlay} />
    </section>
  );
}
