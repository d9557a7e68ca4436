import { CANVAS_PROCESSING } from '@atelier/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { processPhoto } from '../utils/process-image-client';
import { planProcessing, processImage, type CreateSurface } from '../utils/process-image';

// SPEC.md §5's rule as numbers; the real decoding, scaling and encoding run in Chromium
// (e2e/tests/canvas-processing.spec.ts).
const MB2 = 2 * 1024 * 1024;
const rule = CANVAS_PROCESSING;
const plan = (bytes: number, width: number, height: number, type = 'image/jpeg') => planProcessing({ bytes, width, height, type }, rule);

afterEach(() => vi.unstubAllGlobals());

describe('the processing rule', () => {
  it('takes the numbers of SPEC §9', () => {
    expect(rule).toEqual({ maxSide: 2048, passThroughBytes: MB2, pngBelowPixels: 1_000_000, jpegQuality: 0.95 });
  });

  it('sends a file under 2 MB with both sides at most 2048 px as it is', () => {
    expect(plan(MB2 - 1, 2048, 2048)).toEqual({ kind: 'as-is' });
    expect(plan(10, 1, 1, 'image/png')).toEqual({ kind: 'as-is' });
    expect(plan(10, 800, 600, 'image/webp')).toEqual({ kind: 'as-is' });
  });

  it('re-encodes a file of 2 MB or more at its size: PNG under 1,000,000 pixels, else JPEG at 0.95', () => {
    expect(plan(MB2, 999, 1000)).toEqual({ kind: 'encode', width: 999, height: 1000, type: 'image/png' });
    expect(plan(MB2, 1000, 1000)).toEqual({ kind: 'encode', width: 1000, height: 1000, type: 'image/jpeg', quality: 0.95 });
    expect(plan(MB2 + 1, 2048, 2048)).toEqual({ kind: 'encode', width: 2048, height: 2048, type: 'image/jpeg', quality: 0.95 });
  });

  it('scales a side over 2048 px to fit 2048 × 2048, keeping the aspect ratio, however small the file', () => {
    expect(plan(1000, 2049, 1000)).toEqual({ kind: 'encode', width: 2048, height: 1000, type: 'image/jpeg', quality: 0.95 });
    expect(plan(1000, 1000, 2049)).toEqual({ kind: 'encode', width: 1000, height: 2048, type: 'image/jpeg', quality: 0.95 });
    expect(plan(1000, 4096, 976)).toEqual({ kind: 'encode', width: 2048, height: 488, type: 'image/png' }); // 999,424 px
    expect(plan(1000, 4096, 977)).toEqual({ kind: 'encode', width: 2048, height: 489, type: 'image/jpeg', quality: 0.95 }); // 1,001,472 px
    expect(plan(1000, 6000, 4000)).toEqual({ kind: 'encode', width: 2048, height: 1365, type: 'image/jpeg', quality: 0.95 });
    expect(plan(1000, 100_000, 10)).toEqual({ kind: 'encode', width: 2048, height: 1, type: 'image/png' });
  });

  it('re-encodes a small image in a format the service does not take', () => {
    expect(plan(1000, 100, 100, 'image/gif')).toEqual({ kind: 'encode', width: 100, height: 100, type: 'image/png' });
    expect(plan(1000, 1200, 1000, 'image/bmp')).toEqual({ kind: 'encode', width: 1200, height: 1000, type: 'image/jpeg', quality: 0.95 });
  });
});

describe('processImage', () => {
  const bitmap = (width: number, height: number) => ({ width, height, close: vi.fn() });
  const surface = () => {
    const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn(), imageSmoothingEnabled: false, imageSmoothingQuality: 'low' };
    const toBlob = vi.fn(async (type: string) => new Blob(['x'], { type }));
    const create = vi.fn(() => ({ context, toBlob })) as unknown as CreateSurface & { mock: { calls: unknown[][] } };
    return { create, context, toBlob };
  };

  it('decodes upright (EXIF orientation honoured) and hands back the original file when it goes as it is', async () => {
    const decoded = bitmap(1200, 1600);
    const createImageBitmap = vi.fn(async () => decoded);
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    const file = new Blob([new Uint8Array(1000)], { type: 'image/jpeg' });
    const { create } = surface();
    const result = await processImage(file, rule, create);
    expect(createImageBitmap).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(result).toEqual({ blob: file, width: 1200, height: 1600, reencoded: false });
    expect(create).not.toHaveBeenCalled();
    expect(decoded.close).toHaveBeenCalled();
  });

  it('draws the upright image at the planned size on white and encodes it as the rule says', async () => {
    const decoded = bitmap(3000, 2000);
    vi.stubGlobal('createImageBitmap', vi.fn(async () => decoded));
    const { create, context, toBlob } = surface();
    const result = await processImage(new Blob([new Uint8Array(10)], { type: 'image/png' }), rule, create);
    expect(create).toHaveBeenCalledWith(2048, 1365);
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 2048, 1365);
    expect(context.fillStyle).toBe('#ffffff');
    expect(context.drawImage).toHaveBeenCalledWith(decoded, 0, 0, 2048, 1365);
    expect(context.imageSmoothingQuality).toBe('high');
    expect(toBlob).toHaveBeenCalledWith('image/jpeg', 0.95);
    expect(result).toMatchObject({ width: 2048, height: 1365, reencoded: true });
    expect(result.blob.type).toBe('image/jpeg');
    expect(decoded.close).toHaveBeenCalled();
  });

  it('rejects a file that cannot be decoded', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))));
    await expect(processImage(new Blob(['nope'], { type: 'image/png' }), rule, surface().create)).rejects.toThrow('could not be decoded');
  });
});

describe('processPhoto without Worker, OffscreenCanvas or createImageBitmap (jsdom)', () => {
  it('sends the file as it is, as a data URL of its own bytes', async () => {
    expect(typeof Worker).toBe('undefined');
    const photo = await processPhoto(new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' }));
    expect(photo).toEqual({ dataUrl: 'data:image/jpeg;base64,AQID', width: null, height: null, reencoded: false });
  });
});
