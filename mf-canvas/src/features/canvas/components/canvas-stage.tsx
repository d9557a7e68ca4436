import { Button, cn, Spinner, useImageDrop } from '@atelier/ui';
import { useId, useRef, type Ref } from 'react';
import { TEXTS } from '../../../constants';
import { IMAGE_NAMES, type CanvasImage } from '../hooks/use-canvas-image';
import { EditProgress } from './edit-progress';
import { ImageActions, type ImageActionHandlers } from './image-actions';
import { UploadIcon } from './icons';

interface CanvasStageProps {
  image: CanvasImage | null;
  /** A chosen photo is being processed. */
  preparing: boolean;
  /** Work on the shown image (an edit, an upscale, an upload). */
  task: { label: string; startedAt: number } | null;
  onFile(file: File): void;
  onImageError(): void;
  actions: ImageActionHandlers;
  className?: string;
  /** The canvas's element, for the editor to bring into view (a recent edit chosen below it on a phone). */
  sectionRef?: Ref<HTMLElement>;
}

/**
 * The canvas: the upload area (click, drop, or paste anywhere on the page) until there is an image, then the
 * image with its actions. A drop or paste on a shown image replaces it. Nothing is taken while work runs.
 */
export function CanvasStage({ image, preparing, task, onFile, onImageError, actions, className, sectionRef }: CanvasStageProps) {
  const inputId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = task !== null;
  // A dropped file that is not an image goes on too: onFile explains the refusal in a toast.
  const { isDragging: dragging, dropZoneProps } = useImageDrop({ onImage: onFile, onRejected: onFile, pasteOnWindow: true, disabled: busy });
  const name = image ? IMAGE_NAMES[image.kind] : null;

  return (
    <section
      ref={sectionRef}
      aria-label="Canvas"
      {...dropZoneProps}
      className={cn(
        'relative flex min-w-0 flex-col overflow-hidden rounded-2xl border bg-card shadow-soft transition-colors',
        image ? 'border-border' : 'border-dashed border-border focus-within:ring-2 focus-within:ring-ring',
        dragging && 'border-accent bg-accent-soft/60',
        className,
      )}
    >
      {image && name ? (
        <figure className="group relative flex flex-col">
          <div className="relative flex min-h-72 items-center justify-center bg-muted/60 p-3 md:min-h-[30rem] md:p-4">
            <img
              src={image.src}
              alt={name}
              onError={onImageError}
              className="max-h-[60dvh] w-auto max-w-full rounded-lg object-contain md:max-h-[36rem]"
            />
            {task && <EditProgress label={task.label} startedAt={task.startedAt} />}
          </div>
          {!task && <ImageActions {...actions} />}
          {/* Replace sits on the caption's row without joining the figure's name (the caption stays last). */}
          <Button
            size="sm"
            variant="ghost"
            className="absolute bottom-2 right-3 px-2.5"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            Replace
          </Button>
          <figcaption className="flex min-h-12 items-center border-t border-border px-4 py-2 pr-28 text-[10px] font-medium uppercase tracking-[0.14em]">
            {name}
          </figcaption>
        </figure>
      ) : (
        <label
          htmlFor={inputId}
          className="flex min-h-72 cursor-pointer flex-col items-center justify-center gap-4 px-6 py-10 text-center md:min-h-[30rem]"
        >
          {preparing ? (
            <>
              <Spinner label={TEXTS.preparing} className="text-ink" />
              <span className="text-sm text-muted-foreground">{TEXTS.preparing}</span>
            </>
          ) : (
            <>
              <span className="flex h-14 w-14 items-center justify-center rounded-full border border-border bg-background text-ink shadow-soft">
                <UploadIcon className="h-6 w-6" />
              </span>
              <span className="flex flex-col gap-1">
                <span className="font-display text-2xl leading-tight md:text-3xl">{TEXTS.uploadTitle}</span>
                <span id={hintId} className="text-sm text-muted-foreground">
                  {TEXTS.uploadHint}
                </span>
              </span>
            </>
          )}
        </label>
      )}
      {image && preparing && (
        <div className="absolute inset-0 z-20 flex items-center justify-center gap-2 bg-ivory/75 text-sm font-medium backdrop-blur-[2px]">
          <Spinner label={TEXTS.preparing} className="[&_svg]:h-5 [&_svg]:w-5" />
          {TEXTS.preparing}
        </div>
      )}
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label="Main image"
        data-canvas-file-input
        aria-describedby={image ? undefined : hintId}
        tabIndex={image ? -1 : 0} // with an image shown, Replace is the way in
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </section>
  );
}
