import { useState } from 'react';
import { SOON_TEMPLATES, TEMPLATE_NAME, TEMPLATE_POSES, TEMPLATE_START_POSE } from '../../../constants';
import { useTemplate } from '../api/get-template';
import { CheckIcon, ChevronLeftIcon, ChevronRightIcon } from './icons';
import { PoseImage } from './pose-image';

/** Step 1: the one usable template (PLAIN) with its pose carousel, and tiles of templates to come. */
export function TemplateStep() {
  const [pose, setPose] = useState(TEMPLATE_START_POSE);
  const template = useTemplate();
  const step = (delta: number) => setPose((p) => (p + delta + TEMPLATE_POSES) % TEMPLATE_POSES);
  const imageUrl = template.data?.find((example) => example.poseIndex === pose)?.imageUrl ?? null;

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)] sm:gap-4">
      <section
        aria-label={`${TEMPLATE_NAME} template`}
        aria-roledescription="carousel"
        className="relative col-span-2 flex flex-col gap-3 rounded-lg border-2 border-ink bg-card p-3 shadow-soft sm:col-span-1 sm:row-span-2"
      >
        <span className="absolute right-5 top-5 z-10 flex h-7 w-7 items-center justify-center rounded-full bg-ink text-ivory shadow-soft">
          <CheckIcon className="h-4 w-4" />
          <span className="sr-only">Selected</span>
        </span>
        <PoseImage
          src={imageUrl}
          loading={template.isLoading}
          alt={`${TEMPLATE_NAME} example, pose ${pose + 1}`}
          className="mx-auto aspect-[2/3] w-full max-w-72 rounded-md sm:max-w-none"
        />
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            aria-label="Previous pose"
            onClick={() => step(-1)}
            className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-full border border-border bg-background transition-colors hover:border-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronLeftIcon className="h-5 w-5" />
          </button>
          <div className="flex flex-col items-center leading-tight">
            <span className="text-sm font-semibold tracking-[0.3em]">{TEMPLATE_NAME}</span>
            <span aria-live="polite" className="text-xs text-muted-foreground">
              Pose {pose + 1} of {TEMPLATE_POSES}
            </span>
          </div>
          <button
            type="button"
            aria-label="Next pose"
            onClick={() => step(1)}
            className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-full border border-border bg-background transition-colors hover:border-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronRightIcon className="h-5 w-5" />
          </button>
        </div>
      </section>
      {Array.from({ length: SOON_TEMPLATES }, (_, i) => (
        <div
          key={i}
          aria-disabled="true"
          className="flex aspect-[3/4] select-none flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-border bg-muted/40 text-muted-foreground sm:aspect-auto"
        >
          <span className="text-xs font-semibold tracking-[0.3em]">SOON</span>
          <span className="sr-only">A template to come; it cannot be used yet.</span>
        </div>
      ))}
    </div>
  );
}
