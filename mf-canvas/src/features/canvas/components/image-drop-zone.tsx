import { cn, isImageFile, useImageDrop } from '@atelier/ui';
import { useEffect, useId, useState } from 'react';

interface ImageDropZoneProps {
  image: File | null;
  onImage(file: File): void;
}

/** The main image: chosen by click, dropped onto the area, or pasted anywhere on the page. */
export function ImageDropZone({ image, onImage }: ImageDropZoneProps) {
  const inputId = useId();
  const previewUrl = useObjectUrl(image);
  // Dropped onto the area or pasted anywhere on the page; anything but an image is ignored.
  const { isDragging: dragging, dropZoneProps } = useImageDrop({ onImage, pasteOnWindow: true });

  return (
    <label
      htmlFor={inputId}
      {...dropZoneProps}
      className={cn(
        'flex min-h-72 cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-lg border-2 border-dashed border-border bg-card p-6 text-center transition-colors hover:border-ink/50 lg:min-h-[28rem]',
        dragging && 'border-accent bg-accent-soft',
      )}
    >
      {previewUrl ? (
        <img src={previewUrl} alt="Main image" className="max-h-[32rem] w-full rounded-md object-contain" />
      ) : (
        <>
          <span className="font-display text-2xl">Upload a photo</span>
          <span className="text-sm text-muted-foreground">Click, drop an image here, or paste one</span>
        </>
      )}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label="Main image"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file && isImage(file)) onImage(file);
          event.target.value = '';
        }}
      />
    </label>
  );
}

export const isImage = isImageFile;

/** An object URL for the file, revoked when the file changes or the component leaves. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
