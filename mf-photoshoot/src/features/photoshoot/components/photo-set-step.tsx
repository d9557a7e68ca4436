import type { PoseImage as PoseImageData } from '@atelier/contracts';
import { Button } from '@atelier/ui';
import { FINAL_DONE_LABEL, FINAL_PHOTOS, FINAL_PROGRESS_LABEL } from '../../../constants';
import type { FinalPhase } from '../hooks/use-final-generation';
import { GenerationProgress } from './generation-progress';
import { PoseImage } from './pose-image';

interface PhotoSetStepProps {
  phase: FinalPhase;
  photos: PoseImageData[];
  currentProgress: number;
  totalSteps: number;
  message: string | null;
  error: string | null;
  canResume: boolean;
  onOpen(index: number): void;
  onRetry(): void;
  onResume(): void;
  onChangeClothing(): void;
}

/** Step 5: the job's progress, then a 2-column grid of the 10 photos; each opens the viewer. */
export function PhotoSetStep(props: PhotoSetStepProps) {
  const { phase, photos, currentProgress, totalSteps, message, error, canResume, onOpen } = props;
  const running = phase === 'starting' || phase === 'processing';
  const slots = Math.max(FINAL_PHOTOS, totalSteps, photos.length, ...photos.map((photo) => photo.poseIndex + 1));
  const byPose = new Map(photos.map((photo, index) => [photo.poseIndex, { photo, index }]));
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      {phase !== 'failed' && (
        <GenerationProgress
          label={phase === 'completed' ? FINAL_DONE_LABEL : FINAL_PROGRESS_LABEL}
          current={currentProgress}
          total={totalSteps}
          message={message}
          note={running ? 'This usually takes up to 4 minutes.' : undefined}
        />
      )}
      {phase === 'failed' && (
        <div role="alert" className="flex flex-col gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p>
            <span className="font-medium">The photos could not be made.</span> {error}
          </p>
          <div className="flex flex-wrap gap-2">
            {canResume ? (
              <Button size="sm" onClick={props.onResume}>
                Check again
              </Button>
            ) : (
              <Button size="sm" onClick={props.onRetry}>
                Try again
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={props.onChangeClothing}>
              Change clothing
            </Button>
          </div>
        </div>
      )}
      <ul aria-label="Photos" aria-busy={running} className="grid grid-cols-2 gap-3">
        {Array.from({ length: slots }, (_, i) => {
          // Each photo in its pose's place: poses finish out of order (two at a time), and a grid filled in arrival
          // order showed poses 1 and 5 while saying "Generating pose 3/10", then shuffled at the end.
          const placed = byPose.get(i);
          const photo = placed?.photo;
          if (!placed || !photo)
            return (
              <li key={`slot-${i}`}>
                <PoseImage
                  src={null}
                  alt={`Photo ${i + 1}: not made yet`}
                  spinnerLabel={running ? `Generating photo ${i + 1}` : undefined}
                  className="aspect-[2/3] rounded-lg"
                />
              </li>
            );
          const label = `Pose ${photo.poseIndex + 1}`;
          return (
            <li key={photo.poseIndex}>
              <button
                type="button"
                onClick={() => onOpen(placed.index)}
                aria-label={`Open ${label.toLowerCase()}`}
                className="block w-full cursor-zoom-in overflow-hidden rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
              >
                <PoseImage src={photo.imageUrl} alt={label} className="aspect-[2/3]" imgClassName="transition-transform duration-300 hover:scale-[1.02]" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
