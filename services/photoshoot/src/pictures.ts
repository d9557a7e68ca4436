import { atelierXmpOf } from '@atelier/engines';
import sharp from 'sharp';

/**
 * An engine's picture as the JPEG the photoshoot stores: on white, keeping the local engine's own XMP (its mark, the
 * character's look) and nothing else, so a photo downloaded and brought back — to the canvas, to Dress Up — is known
 * for what it is (one "Local engine" label, not a second stamped over the first).
 */
export async function storedJpeg(picture: Buffer, quality: number): Promise<Buffer> {
  const { xmp } = await sharp(picture).metadata();
  const kept = xmp ? atelierXmpOf(xmp.toString('utf8')) : null;
  const image = sharp(picture).flatten({ background: '#ffffff' });
  return (kept ? image.withXmp(kept) : image).jpeg({ quality, mozjpeg: true }).toBuffer();
}
