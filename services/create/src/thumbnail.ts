import sharp from 'sharp';
import { GENERATION_THUMBNAIL_WIDTH } from '@atelier/contracts';
import { MAX_INPUT_PIXELS } from '@atelier/engines';
import { readMedia, type Logger, type MediaStore } from '@atelier/kit';

/** WebP quality of the gallery's thumbnails: a 640 px tile of a local still is ~15–40 KB (the full PNG ~2.5 MB). */
const THUMBNAIL_QUALITY = 78;

/** Where thumbnails go in the media store. */
export const THUMBNAIL_PREFIX = 'generations/thumbs';

/**
 * Makes and stores the gallery's thumbnail of a picture: GENERATION_THUMBNAIL_WIDTH wide (never enlarged),
 * oriented, WebP. A thumbnail is a convenience: when the picture cannot be read or the store refuses, the
 * gallery shows the picture itself, so this logs and answers null instead of failing the work it follows.
 */
export async function storeThumbnail(media: MediaStore, picture: Buffer, logger: Logger): Promise<string | null> {
  try {
    const data = await sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: GENERATION_THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
    return (await media.put(data, { contentType: 'image/webp', prefix: THUMBNAIL_PREFIX })).url;
  } catch (error) {
    logger.warn({ err: error }, 'thumbnail not made');
    return null;
  }
}

/** The thumbnail of one of our own media URLs (a video's source image, an imported photo); null when unreadable. */
export async function storeThumbnailOf(media: MediaStore, url: string, logger: Logger): Promise<string | null> {
  const picture = await readMedia(media, url).catch(() => null);
  return picture ? storeThumbnail(media, picture, logger) : null;
}
