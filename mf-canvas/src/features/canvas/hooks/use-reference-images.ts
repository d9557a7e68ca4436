import { CANVAS_MESSAGES, MAX_CANVAS_REFERENCES } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { isImageFile } from '@atelier/ui';
import { useCallback, useRef, useState } from 'react';
import { TEXTS } from '../../../constants';
import { processPhoto } from '../utils/process-image-client';

export interface ReferenceImage {
  id: number;
  name: string;
  /** Processed by SPEC.md §5's rule, like the main image. */
  dataUrl: string;
}

/** Up to 4 extra images sent after the main one (SPEC.md §2, §5). */
export function useReferenceImages() {
  const host = useHost();
  const [images, setImages] = useState<ReferenceImage[]>([]);
  const [pending, setPending] = useState(0);
  const nextId = useRef(0);
  const remaining = MAX_CANVAS_REFERENCES - images.length - pending;

  const add = useCallback(
    async (files: readonly File[]) => {
      const chosen = files.filter(isImageFile);
      if (chosen.length < files.length) {
        host.toast({ title: TEXTS.notAnImageTitle, description: TEXTS.notAnImage, variant: 'destructive' });
      }
      if (chosen.length === 0) return;
      if (chosen.length > remaining) {
        window.alert(CANVAS_MESSAGES.tooManyImages(remaining));
        return;
      }
      setPending((count) => count + chosen.length);
      await Promise.all(
        chosen.map(async (file) => {
          try {
            const { dataUrl } = await processPhoto(file);
            setImages((current) => [...current, { id: (nextId.current += 1), name: file.name, dataUrl }]);
          } catch {
            host.toast({ title: TEXTS.unreadableTitle, description: TEXTS.unreadable, variant: 'destructive' });
          } finally {
            setPending((count) => count - 1);
          }
        }),
      );
    },
    [host, remaining],
  );

  const remove = useCallback((id: number) => setImages((current) => current.filter((image) => image.id !== id)), []);

  return { images, pending, remaining, add, remove };
}
