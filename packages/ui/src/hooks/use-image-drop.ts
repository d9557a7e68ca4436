import { useEffect, useRef, useState, type DragEvent } from 'react';

export const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * A picked image's size in pixels as the browser decodes it, `null` when it cannot be decoded (a text file
 * named .jpg), `undefined` when this browser cannot tell (no `createImageBitmap`): the service checks it anyway.
 */
export async function imageSizeOf(file: Blob): Promise<{ width: number; height: number } | null | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    // No options: a browser that does not know one rejects the call, and the shorter side is the same either way.
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The first image among some files (a drop's or a paste's), if any. */
export function firstImage(files: FileList | readonly File[] | null | undefined): File | undefined {
  return files ? [...files].find(isImageFile) : undefined;
}

/**
 * Calls `onImage` with the first image of every paste anywhere on the page (files only: pasted text is
 * left alone, and so is a paste without an image). The paste's default is prevented when an image is
 * taken. Off while `enabled` is false.
 */
export function usePastedImage(onImage: (file: File, event: ClipboardEvent) => void, enabled = true): void {
  const latest = useRef(onImage);
  useEffect(() => {
    latest.current = onImage;
  });
  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const file = firstImage(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      latest.current(file, event);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [enabled]);
}

export interface UseImageDropOptions {
  /** An image was dropped (or pasted, with `pasteOnWindow`). */
  onImage(file: File): void;
  /** Files were dropped but none is an image: ignored unless given, e.g. to explain the refusal. */
  onRejected?(file: File): void;
  /** Also take images pasted anywhere on the page. Off by default: several zones on one page would all take them. */
  pasteOnWindow?: boolean;
  /** Neither drops nor pastes are taken. */
  disabled?: boolean;
}

export interface ImageDropZoneProps {
  onDragEnter(event: DragEvent): void;
  onDragOver(event: DragEvent): void;
  onDragLeave(event: DragEvent): void;
  onDrop(event: DragEvent): void;
}

/**
 * Image drag and drop (and optionally paste) for one drop zone: spread `dropZoneProps` on the zone's
 * element and style it with `isDragging`. Only images are taken (the first one of a drop); entering and
 * leaving the zone's children does not flicker the drag state.
 */
export function useImageDrop({ onImage, onRejected, pasteOnWindow = false, disabled = false }: UseImageDropOptions): {
  isDragging: boolean;
  dropZoneProps: ImageDropZoneProps;
} {
  const [isDragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child the pointer crosses: count them.
  const depth = useRef(0);
  usePastedImage(onImage, pasteOnWindow && !disabled);

  const reset = () => {
    depth.current = 0;
    setDragging(false);
  };

  // Turned off mid-drag: the highlight must not stay on.
  useEffect(() => {
    if (disabled) {
      depth.current = 0;
      setDragging(false);
    }
  }, [disabled]);

  const dropZoneProps: ImageDropZoneProps = {
    onDragEnter(event) {
      if (disabled) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(event) {
      // Without this the browser opens the file instead of dropping it here (and leaves the app), so even a
      // disabled zone takes the drag — and shows it will not copy.
      event.preventDefault();
      if (disabled) {
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
        return;
      }
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
      if (depth.current === 0) depth.current = 1;
      setDragging(true);
    },
    onDragLeave() {
      if (disabled) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(event) {
      event.preventDefault();
      if (disabled) return;
      reset();
      const files = event.dataTransfer?.files;
      const image = firstImage(files);
      if (image) onImage(image);
      else if (files?.[0] && onRejected) onRejected(files[0]);
    },
  };

  return { isDragging, dropZoneProps };
}
