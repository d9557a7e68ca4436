import { ARTWORK, type ArtworkId } from '@atelier/artwork';
import { preload } from 'react-dom';

// The product's own artwork (packages/artwork: drawn by the local engine from recipes at build time), as
// AVIF and WebP at several widths. `sizes` says how wide it shows so the browser picks the smallest file;
// below the fold it loads lazily, and the page's largest image (`priority`) is preloaded and fetched first.

export interface ArtImageProps {
  art: ArtworkId;
  /** The image's displayed width per viewport, as in the `sizes` attribute. */
  sizes: string;
  /** Empty for decorative images (the default). */
  alt?: string;
  className?: string;
  /** The page's LCP image: preloaded, eager, high fetch priority. */
  priority?: boolean;
  /** Keeps the top of the picture (heads and shoulders) when cropped by the box. */
  crop?: 'center' | 'top';
}

export function ArtImage({ art, sizes, alt = '', className = '', priority = false, crop = 'center' }: ArtImageProps) {
  const image = ARTWORK[art];
  if (priority) preload(image.src, { as: 'image', imageSrcSet: image.avif, imageSizes: sizes, type: 'image/avif', fetchPriority: 'high' });
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={image.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
        className={`object-cover ${crop === 'top' ? 'object-top' : 'object-center'} ${className}`}
        style={{ backgroundColor: image.colour }}
      />
    </picture>
  );
}

/** The artwork of a landing style (its card, the login hero, the home cards that reuse a style). */
export const styleArt = (id: string) => `style-${id}` as ArtworkId;
