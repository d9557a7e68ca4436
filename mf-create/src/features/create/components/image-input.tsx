import { Button, cn, Spinner, useImageDrop } from '@atelier/ui';
import { useEffect, useId, useRef } from 'react';
import { UPLOAD_HINT } from '../../../constants';
import type { ImageSlot } from '../hooks/use-image-slot';
import { CloseIcon, UploadIcon } from './icons';

interface ImageInputProps {
  /** The slot's name, e.g. "Start image"; labels the file input and the preview. */
  label: string;
  /** Paste target key: a paste while focus is inside this input fills it. */
  slotName: string;
  slot: ImageSlot;
  /** Shown in the empty state. */
  emptyTitle: string;
  className?: string;
}

/** An image the generation starts from: chosen with the button, dropped on the area, or pasted. */
export function ImageInput({ label, slotName, slot, emptyTitle, className }: ImageInputProps) {
  const inputId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // A dropped file that is not an image still goes to the slot, which explains the refusal in a toast.
  // Pastes are routed by the form (to the focused input, else the first empty one).
  const { isDragging: dragging, dropZoneProps } = useImageDrop({ onImage: slot.setFile, onRejected: slot.setFile });
  // Upload gives way to Replace / Remove once an image is in, and back on Remove: focus, left on the page's body with
  // the button that went, goes on to the one that came.
  const focusedInside = useRef(false);
  const primary = useRef<HTMLButtonElement>(null);
  const hasImage = Boolean(slot.previewUrl);
  useEffect(() => {
    const active = document.activeElement;
    if (focusedInside.current && (active === null || active === document.body)) primary.current?.focus();
  }, [hasImage]);

  return (
    <div
      data-image-slot={slotName}
      {...dropZoneProps}
      onFocus={() => (focusedInside.current = true)}
      // Left for good: not to the file picker (the window loses focus) nor by the button going (it is disconnected).
      onBlur={(event) => {
        const away = event.relatedTarget ? !event.currentTarget.contains(event.relatedTarget) : document.hasFocus() && event.target.isConnected;
        if (away) focusedInside.current = false;
      }}
      className={cn(
        'group relative flex min-h-56 flex-col overflow-hidden rounded-xl border border-dashed border-border bg-background/60 transition-colors',
        dragging && 'border-accent bg-accent-soft/60',
        slot.previewUrl && 'border-solid',
        className,
      )}
    >
      {slot.previewUrl ? (
        // The label and the buttons go in a bar under the picture, not on it (a local image's masthead runs along its top).
        <figure className="flex flex-1 flex-col bg-muted/60">
          <div className="relative flex flex-1 items-center justify-center p-2">
            <img src={slot.previewUrl} alt={label} className="max-h-64 w-auto rounded-lg object-contain sm:max-h-80" />
            {slot.uploading && (
              <div className="absolute inset-0 flex items-center justify-center gap-2 bg-ivory/70 text-sm font-medium backdrop-blur-[2px]">
                <Spinner label={`Uploading ${label.toLowerCase()}`} className="h-6 w-6" />
                Uploading…
              </div>
            )}
          </div>
          {/* Two side by side on a phone are ~160 px wide each: the buttons wrap under the label rather than overflow. */}
          <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-t border-border bg-card/80 px-3 py-2">
            <figcaption className="text-[10px] font-medium uppercase tracking-[0.14em]">{label}</figcaption>
            <div className="ml-auto flex gap-1.5">
              <Button
                ref={primary}
                size="sm"
                variant="ghost"
                className="px-2.5"
                aria-label={`Replace ${label.toLowerCase()}`}
                onClick={() => fileInput.current?.click()}
              >
                Replace
              </Button>
              <Button size="sm" variant="ghost" className="px-2" aria-label={`Remove ${label.toLowerCase()}`} onClick={slot.clear}>
                <CloseIcon className="h-4 w-4" />
              </Button>
            </div>
          </div>
        </figure>
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 px-3 py-6 text-center sm:px-6 sm:py-8">
          <span className="flex h-12 w-12 items-center justify-center rounded-full border border-border bg-card text-ink shadow-soft">
            <UploadIcon className="h-5 w-5" />
          </span>
          <div className="flex flex-col gap-1">
            <span className="font-display text-lg leading-tight sm:text-xl">{emptyTitle}</span>
            <span id={hintId} className="flex flex-col text-[11px] text-muted-foreground sm:text-xs">
              <span>Drop, paste or upload</span>
              <span>{UPLOAD_HINT}</span>
            </span>
          </div>
          <Button
            ref={primary}
            size="sm"
            variant="outline"
            onClick={() => fileInput.current?.click()}
            aria-label={`Upload ${label.toLowerCase()}`}
            aria-describedby={hintId}
          >
            Upload
          </Button>
        </div>
      )}
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) slot.setFile(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
