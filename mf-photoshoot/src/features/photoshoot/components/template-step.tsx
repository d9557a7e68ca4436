import { useState } from 'react';
import { SOON_TEMPLATES, TEMPLATE_NAME, TEMPLATE_POSES, TEMPLATE_START_POSE } from '../../../constants';

/** Step 1: the one usable template (PLAIN) with its pose carousel, and tiles of templates to come. */
export function TemplateStep() {
  const [pose, setPose] = useState(TEMPLATE_START_POSE);
  const step = (delta: number) => setPose((p) => (p + delta + TEMPLATE_POSES) % TEMPLATE_POSES);

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <div className="flex flex-col gap-3 rounded-lg border-2 border-ink bg-card p-3" aria-label={`${TEMPLATE_NAME} template`} role="group">
        <div className="flex aspect-[3/4] items-center justify-center rounded-md bg-muted text-sm text-muted-foreground">
          Pose {pose + 1} of {TEMPLATE_POSES}
        </div>
        <div className="flex items-center justify-between">
          <button type="button" aria-label="Previous pose" onClick={() => step(-1)} className="cursor-pointer rounded-full px-3 py-1 hover:bg-muted">
            ‹
          </button>
          <span className="text-sm font-semibold tracking-widest">{TEMPLATE_NAME}</span>
          <button type="button" aria-label="Next pose" onClick={() => step(1)} className="cursor-pointer rounded-full px-3 py-1 hover:bg-muted">
            ›
          </button>
        </div>
      </div>
      {Array.from({ length: SOON_TEMPLATES }, (_, i) => (
        <div
          key={i}
          aria-disabled="true"
          className="flex aspect-[3/4] items-center justify-center rounded-lg border border-dashed border-border text-xs font-semibold tracking-widest text-muted-foreground"
        >
          SOON
        </div>
      ))}
    </div>
  );
}
