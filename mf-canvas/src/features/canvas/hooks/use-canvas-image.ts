import { useHost } from '@atelier/host';
import { isImageFile } from '@atelier/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TEXTS } from '../../../constants';
import { processPhoto } from '../utils/process-image-client';

export type CanvasImageKind = 'photo' | 'edit' | 'upscale';

/** The image on the canvas: what is shown, what an edit starts from, what the actions act on. */
export interface CanvasImage {
  /** What the canvas shows and an edit sends: a local photo's data URL (processed, SPEC.md §5) or one of our media URLs. */
  src: string;
  /** Its media URL: given, or once the local photo has been uploaded (for upscale and create video). */
  mediaUrl: string | null;
  /** An edit's result carries its job id: deleting it deletes the edit. */
  editId: string | null;
  kind: CanvasImageKind;
}

export const IMAGE_NAMES: Record<CanvasImageKind, string> = { photo: 'Main image', edit: 'Edited image', upscale: 'Upscaled image' };

/** The main image: a chosen file (processed off the main thread first) or a media URL. A later choice wins. */
export function useCanvasImage() {
  const host = useHost();
  const [image, setImage] = useState<CanvasImage | null>(null);
  const [preparing, setPreparing] = useState(false);
  const attempt = useRef(0);
  useEffect(
    () => () => {
      attempt.current += 1;
    },
    [],
  );

  const show = useCallback((next: CanvasImage | null) => {
    attempt.current += 1;
    setPreparing(false);
    setImage(next);
  }, []);

  const setFile = useCallback(
    async (file: File) => {
      if (!isImageFile(file)) {
        host.toast({ title: TEXTS.notAnImageTitle, description: TEXTS.notAnImage, variant: 'destructive' });
        return;
      }
      const current = (attempt.current += 1);
      setPreparing(true);
      try {
        const photo = await processPhoto(file);
        if (current === attempt.current) setImage({ src: photo.dataUrl, mediaUrl: null, editId: null, kind: 'photo' });
      } catch {
        if (current === attempt.current) host.toast({ title: TEXTS.unreadableTitle, description: TEXTS.unreadable, variant: 'destructive' });
      } finally {
        if (current === attempt.current) setPreparing(false);
      }
    },
    [host],
  );

  /** The local photo was uploaded: later actions reuse its media URL. */
  const rememberMediaUrl = useCallback((src: string, mediaUrl: string) => {
    setImage((current) => (current && current.src === src ? { ...current, mediaUrl } : current));
  }, []);

  return { image, preparing, setFile, show, rememberMediaUrl };
}
