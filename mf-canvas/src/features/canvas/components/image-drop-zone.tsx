import { cn } from '@atelier/ui';
import { useEffect, useId, useState, type DragEvent } from 'react';

interface ImageDropZoneProps {
  image: File | null;
  onImage(file: File): void;
}

/** The main image: chosen by click, dropped onto the area, or pasted anywhere on the page. */
export function ImageDropZone({ image, onImage }: ImageDropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const previewUrl = useObjectUrl(image);

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = [...(event.clipboardData?.files ?? [])].find(isImage);
      if (file) onImage(file);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [onImage]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = [...event.dataTransfer.files].find(isImage);
    if (file) onImage(file);
  };

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
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

export const isImage = (file: File) => file.type.startsWith('image/');

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
