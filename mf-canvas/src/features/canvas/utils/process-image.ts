// SPEC.md §5's processing rule for the images of a canvas edit, run in the processing worker (or on the main
// thread where a browser has no Worker or OffscreenCanvas). It imports nothing: the worker's chunk stays a
// few kilobytes, and the rule's numbers (CANVAS_PROCESSING in @atelier/contracts) come with each request.

/** The rule's numbers: `CANVAS_PROCESSING` of @atelier/contracts. */
export interface ProcessingRule {
  maxSide: number;
  passThroughBytes: number;
  pngBelowPixels: number;
  jpegQuality: number;
}

export type ProcessingPlan =
  | { kind: 'as-is' }
  | { kind: 'encode'; width: number; height: number; type: 'image/png' | 'image/jpeg'; quality?: number };

/** The formats the canvas service takes as they are; any other image is re-encoded even when small. */
export const SENDABLE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * Under `passThroughBytes` with both sides at most `maxSide`: as it is. Otherwise scaled to fit
 * maxSide × maxSide (never enlarged, aspect ratio kept) and re-encoded: PNG under `pngBelowPixels`, else JPEG
 * at `jpegQuality`. `width` and `height` are the upright image's (EXIF orientation applied).
 */
export function planProcessing(
  image: { bytes: number; width: number; height: number; type: string },
  rule: ProcessingRule,
): ProcessingPlan {
  const { bytes, width, height, type } = image;
  if (bytes < rule.passThroughBytes && width <= rule.maxSide && height <= rule.maxSide && SENDABLE_TYPES.has(type)) {
    return { kind: 'as-is' };
  }
  const scale = Math.min(1, rule.maxSide / width, rule.maxSide / height);
  const outWidth = Math.min(rule.maxSide, Math.max(1, Math.round(width * scale)));
  const outHeight = Math.min(rule.maxSide, Math.max(1, Math.round(height * scale)));
  return outWidth * outHeight < rule.pngBelowPixels
    ? { kind: 'encode', width: outWidth, height: outHeight, type: 'image/png' }
    : { kind: 'encode', width: outWidth, height: outHeight, type: 'image/jpeg', quality: rule.jpegQuality };
}

/** A 2D surface to draw on and encode: an OffscreenCanvas in the worker, a <canvas> on the main thread. */
export interface Surface {
  context: CanvasDrawingContext;
  toBlob(type: string, quality?: number): Promise<Blob>;
}
type CanvasDrawingContext = Pick<
  CanvasRenderingContext2D,
  'drawImage' | 'fillRect' | 'fillStyle' | 'imageSmoothingEnabled' | 'imageSmoothingQuality'
>;
export type CreateSurface = (width: number, height: number) => Surface;

export interface ProcessedImage {
  /** The original file when it goes as it is, else the re-encoded image. */
  blob: Blob;
  /** The upright size of what is sent. */
  width: number;
  height: number;
  reencoded: boolean;
}

/** Decodes the file upright (EXIF orientation honoured) and applies the rule. */
export async function processImage(file: Blob, rule: ProcessingRule, createSurface: CreateSurface): Promise<ProcessedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const plan = planProcessing({ bytes: file.size, width: bitmap.width, height: bitmap.height, type: file.type }, rule);
    if (plan.kind === 'as-is') return { blob: file, width: bitmap.width, height: bitmap.height, reencoded: false };
    const surface = createSurface(plan.width, plan.height);
    const { context } = surface;
    if (plan.type === 'image/jpeg') {
      // JPEG has no alpha: transparent pixels would turn black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, plan.width, plan.height);
    }
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await surface.toBlob(plan.type, plan.quality);
    return { blob, width: plan.width, height: plan.height, reencoded: true };
  } finally {
    bitmap.close();
  }
}

export const offscreenSurface: CreateSurface = (width, height) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on OffscreenCanvas');
  return { context, toBlob: (type, quality) => canvas.convertToBlob({ type, quality }) };
};

export const elementSurface: CreateSurface = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on <canvas>');
  return {
    context,
    toBlob: (type, quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), type, quality),
      ),
  };
};
