import { cn, useImageDrop } from '@atelier/ui';
import { useId } from 'react';
import { CHANGE_IMAGE, CLOTHING_ACCEPT, CLOTHING_HINT } from '../../../constants';
import type { Character } from '../api/get-characters';
import { useObjectUrl } from '../hooks/use-object-url';
import { UploadIcon } from './icons';

interface ClothingStepProps {
  clothing: File | null;
  /** A file that is not an image is refused (with the spec's toast) by the flow. */
  onChoose(file: File): void;
  character: Character | null;
}

/** Step 4: the garment's picture, chosen with the file picker (or dropped); the 10MB limit is only a hint. */
export function ClothingStep({ clothing, onChoose, character }: ClothingStepProps) {
  const inputId = useId();
  const hintId = useId();
  const previewUrl = useObjectUrl(clothing);
  const { isDragging, dropZoneProps } = useImageDrop({ onImage: onChoose, onRejected: onChoose });

  return (
    <div className="flex flex-col gap-4">
      {character && (
        <p className="flex items-center gap-3 text-sm text-muted-foreground">
          {character.previewImageUrl && <img src={character.previewImageUrl} alt="" className="h-10 w-8 rounded object-cover" />}
          <span>
            Dressing <span className="font-medium text-foreground">{character.name}</span>
          </span>
        </p>
      )}
      <label
        htmlFor={inputId}
        {...dropZoneProps}
        className={cn(
          'group relative flex min-h-72 cursor-pointer flex-col items-center justify-center gap-3 overflow-hidden rounded-xl border-2 border-dashed border-border bg-background/60 p-4 text-center transition-colors hover:border-ink sm:min-h-96',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-background',
          isDragging && 'border-accent bg-accent-soft/60',
          previewUrl && 'border-solid bg-muted/60',
        )}
      >
        {previewUrl ? (
          <>
            <img src={previewUrl} alt="Chosen clothing" className="max-h-80 w-auto rounded-lg object-contain sm:max-h-[26rem]" />
            <span className="rounded-full bg-card px-4 py-1.5 text-sm font-medium shadow-soft">{CHANGE_IMAGE}</span>
          </>
        ) : (
          <>
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-ink text-ivory shadow-soft">
              <UploadIcon className="h-6 w-6" />
            </span>
            <span className="font-display text-2xl leading-tight">Upload clothing</span>
            <span className="text-sm text-muted-foreground">Tap to choose a picture of the garment, or drop it here</span>
          </>
        )}
        <span id={hintId} className="text-xs text-muted-foreground">
          {CLOTHING_HINT}
        </span>
        <input
          id={inputId}
          type="file"
          accept={CLOTHING_ACCEPT}
          aria-label="Clothing image"
          aria-describedby={hintId}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // choosing the same file again still fires a change
            if (file) onChoose(file);
          }}
        />
      </label>
      <p className="sr-only" aria-live="polite">
        {clothing ? `${clothing.name} chosen` : ''}
      </p>
    </div>
  );
}
