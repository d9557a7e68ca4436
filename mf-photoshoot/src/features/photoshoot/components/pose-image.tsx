import { cn, Spinner } from '@atelier/ui';
import { useState } from 'react';
import { FigureIcon } from './icons';

interface PoseImageProps {
  src: string | null;
  alt: string;
  /** Shows a quiet shimmer instead of the picture. */
  loading?: boolean;
  /** Shows a spinner with this label (a picture being generated). */
  spinnerLabel?: string;
  className?: string;
  imgClassName?: string;
}

/** A pose's picture, or a tasteful stand-in while it loads, when it is missing or when it fails to load. */
export function PoseImage({ src, alt, loading = false, spinnerLabel, className, imgClassName }: PoseImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src && failedSrc !== src && !loading && !spinnerLabel;
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {showImage ? (
        <img
          src={src}
          alt={alt}
          onError={() => setFailedSrc(src)}
          className={cn('h-full w-full object-cover', imgClassName)}
          draggable={false}
        />
      ) : (
        <div
          // alt="" (a picture inside a labelled button) keeps the stand-in silent too.
          role={spinnerLabel || !alt ? undefined : 'img'}
          aria-label={spinnerLabel || !alt ? undefined : loading ? `${alt} (loading)` : alt}
          aria-hidden={!spinnerLabel && !alt ? true : undefined}
          className={cn(
            'flex h-full w-full items-center justify-center bg-gradient-to-b from-muted to-ivory-deep text-stone',
            loading && 'motion-safe:animate-pulse',
          )}
        >
          {spinnerLabel ? <Spinner label={spinnerLabel} /> : <FigureIcon className="h-1/3 w-1/3 opacity-60" />}
        </div>
      )}
    </div>
  );
}
