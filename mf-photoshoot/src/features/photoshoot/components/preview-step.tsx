import type { PoseImage as PoseImageData } from '@atelier/contracts';
import { Button, cn } from '@atelier/ui';
import { PREVIEW_IMAGES } from '../../../constants';
import type { PreviewStatus } from '../hooks/use-preview-generation';
import { GenerationProgress } from './generation-progress';
import { CheckIcon } from './icons';
import { PoseImage } from './pose-image';

interface PreviewStepProps {
  status: PreviewStatus;
  images: PoseImageData[];
  currentProgress: number;
  totalSteps: number;
  message: string | null;
  error: string | null;
  chosen: number | null;
  onChoose(poseIndex: number): void;
  onRetry(): void;
}

/** Step 3: four preview poses of the chosen character; spinners while they are made (up to 2 minutes). */
export function PreviewStep({ status, images, currentProgress, totalSteps, message, error, chosen, onChoose, onRetry }: PreviewStepProps) {
  const loading = status === 'loading';
  const tiles = Array.from({ length: PREVIEW_IMAGES }, (_, i) => images[i] ?? null);
  return (
    <div className="flex flex-col gap-4">
      <GenerationProgress
        label="Preview"
        current={currentProgress}
        total={totalSteps}
        message={message}
        note={loading ? 'This usually takes up to 2 minutes.' : undefined}
      />
      {status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <span>{error}</span>
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      <ul aria-label="Preview poses" aria-busy={loading} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map((image, i) => {
          const label = image ? `Pose ${image.poseIndex + 1}` : `Preview ${i + 1}`;
          if (!image)
            return (
              <li key={i}>
                <PoseImage
                  src={null}
                  alt={`${label}: no picture`}
                  spinnerLabel={loading ? `Generating preview ${i + 1}` : undefined}
                  className="aspect-[2/3] rounded-lg"
                />
              </li>
            );
          const selected = chosen === image.poseIndex;
          return (
            <li key={i} className="relative">
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onChoose(image.poseIndex)}
                className={cn(
                  'flex w-full cursor-pointer flex-col gap-1.5 rounded-lg border-2 bg-card p-1.5 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  selected ? 'border-ink shadow-soft' : 'border-transparent hover:border-border',
                )}
              >
                <PoseImage src={image.imageUrl} alt="" className="aspect-[2/3] rounded-md" />
                <span className="px-1 text-xs text-muted-foreground">{label}</span>
              </button>
              {selected && (
                <span aria-hidden="true" className="absolute right-3 top-3 flex h-6 w-6 items-center justify-center rounded-full bg-ink text-ivory">
                  <CheckIcon className="h-3.5 w-3.5" />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
