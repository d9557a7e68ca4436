import { MAX_UPLOAD_BYTES } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { isImageFile } from '@atelier/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../constants';
import { uploadImage } from '../api/upload-image';
import { parseApiError } from '../utils/api-error';

export interface ImageSlot {
  /** What the slot shows: a local preview while uploading, then the media URL. */
  previewUrl: string | null;
  /** The stored image's media URL, once uploaded (or given by ?imageUrl / pendingVideoImage). */
  url: string | null;
  uploading: boolean;
  setFile(file: File): void;
  setUrl(url: string | null): void;
  clear(): void;
}

/** One image input of the screen: takes a file, uploads it through POST /api/uploads, keeps the media URL. */
export function useImageSlot(initialUrl: string | null = null): ImageSlot {
  const host = useHost();
  const [previewUrl, setPreviewUrl] = useState<string | null>(initialUrl);
  const [url, setStoredUrl] = useState<string | null>(initialUrl);
  // The last image the slot held for sure (uploaded, or given): what a failed replacement gives back, also when a
  // second replacement was picked while the first uploaded (`url` is then null).
  const confirmed = useRef(initialUrl);
  const [uploading, setUploading] = useState(false);
  const objectUrl = useRef<string | null>(null);
  const attempt = useRef(0); // a later choice wins over an upload still running

  const revoke = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  useEffect(() => revoke, []);

  const setUrl = useCallback((next: string | null) => {
    attempt.current += 1;
    confirmed.current = next;
    revoke();
    setPreviewUrl(next);
    setStoredUrl(next);
    setUploading(false);
  }, []);

  const setFile = useCallback(
    (file: File) => {
      if (!isImageFile(file)) {
        host.toast({ title: MESSAGES.uploadFailedTitle, description: MESSAGES.notAnImage, variant: 'destructive' });
        return;
      }
      // Refused at once, not after seconds of sending what the server refuses (the slot keeps what it had).
      if (file.size > MAX_UPLOAD_BYTES) {
        host.toast({ title: MESSAGES.uploadFailedTitle, description: MESSAGES.uploadTooLarge, variant: 'destructive' });
        return;
      }
      const current = ++attempt.current;
      // What the slot held: a replacement that fails to upload gives it back (it was lost, Generate disabled).
      const kept = confirmed.current;
      const previousObjectUrl = objectUrl.current;
      const local = URL.createObjectURL(file);
      objectUrl.current = local;
      setPreviewUrl(local);
      setStoredUrl(null);
      setUploading(true);
      uploadImage(host.apiRequest, file).then(
        (result) => {
          if (previousObjectUrl) URL.revokeObjectURL(previousObjectUrl);
          if (attempt.current !== current) return;
          confirmed.current = result.url;
          setStoredUrl(result.url);
          setUploading(false);
        },
        (error: unknown) => {
          if (attempt.current !== current) {
            if (previousObjectUrl) URL.revokeObjectURL(previousObjectUrl);
            return;
          }
          const { status, message } = parseApiError(error);
          host.toast({
            title: MESSAGES.uploadFailedTitle,
            description: status === 413 ? MESSAGES.uploadTooLarge : message || (status === null ? MESSAGES.uploadNoAnswer : MESSAGES.uploadFailedFallback),
            variant: 'destructive',
          });
          revoke();
          objectUrl.current = kept ? previousObjectUrl : null;
          if (!kept && previousObjectUrl) URL.revokeObjectURL(previousObjectUrl);
          setPreviewUrl(kept ? (previousObjectUrl ?? kept) : null);
          setStoredUrl(kept);
          setUploading(false);
        },
      );
    },
    [host],
  );

  const clear = useCallback(() => setUrl(null), [setUrl]);

  return { previewUrl, url, uploading, setFile, setUrl, clear };
}
