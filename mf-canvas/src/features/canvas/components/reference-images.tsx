import { MAX_CANVAS_REFERENCES } from '@atelier/contracts';
import { Spinner } from '@atelier/ui';
import { useId } from 'react';
import type { ReferenceImage } from '../hooks/use-reference-images';
import { CloseIcon, PlusIcon } from './icons';

interface ReferenceImagesProps {
  images: readonly ReferenceImage[];
  pending: number;
  remaining: number;
  disabled: boolean;
  onAdd(files: File[]): void;
  onRemove(id: number): void;
}

/** Up to 4 extra reference images, sent after the main one. */
export function ReferenceImages({ images, pending, remaining, disabled, onAdd, onRemove }: ReferenceImagesProps) {
  const inputId = useId();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-[11px] font-medium uppercase tracking-[0.18em] text-muted-foreground">
          Reference images
        </h2>
        <span className="text-xs text-muted-foreground">
          {images.length}/{MAX_CANVAS_REFERENCES} · optional
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        {images.map((image) => (
          <div key={image.id} className="relative h-16 w-16 overflow-hidden rounded-lg border border-border bg-muted">
            <img src={image.dataUrl} alt={image.name} className="h-full w-full object-cover" />
            <button
              type="button"
              onClick={() => onRemove(image.id)}
              disabled={disabled}
              aria-label={`Remove ${image.name}`}
              // A finger needs more than 24 px: larger on touch screens.
              className="absolute right-1 top-1 flex h-6 w-6 cursor-pointer items-center justify-center rounded-full bg-ink/75 text-ivory transition-colors hover:bg-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed pointer-coarse:h-8 pointer-coarse:w-8"
            >
              <CloseIcon className="h-3.5 w-3.5" />
            </button>
          </div>
        ))}
        {Array.from({ length: pending }, (_, i) => (
          <div key={`pending-${i}`} className="flex h-16 w-16 items-center justify-center rounded-lg border border-border bg-muted">
            <Spinner label="Preparing reference image" className="[&_svg]:h-5 [&_svg]:w-5" />
          </div>
        ))}
        {remaining > 0 && (
          <label
            htmlFor={inputId}
            className="flex h-16 cursor-pointer items-center gap-1.5 rounded-lg border border-dashed border-border px-3 text-xs text-muted-foreground transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-ink/50 hover:text-foreground has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
          >
            <PlusIcon className="h-4 w-4" />
            Add reference
            <input
              id={inputId}
              type="file"
              accept="image/*"
              multiple
              disabled={disabled}
              className="sr-only"
              aria-label="Add reference images"
              onChange={(event) => {
                onAdd([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </label>
        )}
      </div>
    </section>
  );
}
