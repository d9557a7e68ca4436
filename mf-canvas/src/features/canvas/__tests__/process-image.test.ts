import { CANVAS_PROCESSING } from '@atelier/contracts';
import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { processPhoto } from '../utils/process-image-client';
import { jpegDecodeScale, jpegStoredSize, localEngineXmp, planProcessing, processImage, withXmp, type CreateSurface } from '../utils/process-image';

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

/** A JPEG's header up to its frame header: SOI, an APP1 segment, a COM segment, then SOFn with the size. */
function jpegHeader(width: number, height: number, sof = 0xc0): Uint8Array {
  const app1 = [0xff, 0xe1, 0x00, 0x08, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00];
  const com = [0xff, 0xfe, 0x00, 0x04, 0x20, 0x20];
  const frame = [0xff, sof, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app1, 0xff, ...com, ...frame]); // a fill byte before COM
}

describe('reading a JPEG\'s size and choosing its decoding scale', () => {
  it('reads the stored size from a baseline or progressive frame header, past APPn, COM and fill bytes', () => {
    expect(jpegStoredSize(jpegHeader(6000, 4000))).toEqual({ width: 6000, height: 4000 });
    expect(jpegStoredSize(jpegHeader(3000, 2000, 0xc2))).toEqual({ width: 3000, height: 2000 });
  });

  it('reads nothing from a PNG, a truncated header or a scan before any frame header', () => {
    expect(jpegStoredSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(jpegStoredSize(jpegHeader(6000, 4000).subarray(0, 20))).toBeNull();
    expect(jpegStoredSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
  });

  it('takes the smallest N/8 scale that still covers 2048 px, and none (8/8) below 2341 px', () => {
    expect(jpegDecodeScale({ width: 6000, height: 4000 }, 2048)).toBe(3); // 2250 × 1500
    expect(jpegDecodeScale({ width: 4000, height: 6000 }, 2048)).toBe(3);
    expect(jpegDecodeScale({ width: 3000, height: 2000 }, 2048)).toBe(6); // 2250 × 1500
    expect(jpegDecodeScale({ width: 4096, height: 4096 }, 2048)).toBe(4); // 2048 × 2048
    expect(jpegDecodeScale({ width: 2341, height: 100 }, 2048)).toBe(7);
    expect(jpegDecodeScale({ width: 2340, height: 100 }, 2048)).toBe(8);
    expect(jpegDecodeScale({ width: 20_000, height: 100 }, 2048)).toBe(1);
    for (const side of [2341, 3000, 4032, 6000, 8192, 16_384]) {
      const scale = jpegDecodeScale({ width: side, height: 10 }, 2048);
      expect(Math.ceil((side * scale) / 8)).toBeGreaterThanOrEqual(2048);
      expect(Math.ceil((side * (scale - 1)) / 8)).toBeLessThan(2048);
    }
  });
});

describe('processImage with ImageDecoder (a large JPEG decoded at a reduced scale)', () => {
  const frame = (codedWidth: number, codedHeight: number, rotation?: number) => ({
    codedWidth,
    codedHeight,
    ...(rotation === undefined ? {} : { rotation }),
    close: vi.fn(),
  });
  const decoderWith = (image: ReturnType<typeof frame>) => {
    const init: unknown[] = [];
    const close = vi.fn();
    class FakeImageDecoder {
      constructor(options: unknown) {
        init.push(options);
      }
      decode = async () => ({ image, complete: true });
      close = close;
    }
    vi.stubGlobal('ImageDecoder', FakeImageDecoder);
    return { init, close };
  };
  const drawing = () => {
    const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn(), imageSmoothingEnabled: false, imageSmoothingQuality: 'low' };
    const create = vi.fn(() => ({ context, toBlob: async (type: string) => new Blob(['x'], { type }) })) as unknown as CreateSurface;
    return { create, context };
  };
  // jsdom's Blob has no stream(); a browser's has. It arrives here in two chunks, split inside the header.
  const blobOf = (bytes: Uint8Array, type: string) =>
    Object.assign(new Blob([bytes as BlobPart], { type }), {
      stream: () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes.slice(0, 7));
            controller.enqueue(bytes.slice(7));
            controller.close();
          },
        }),
    });
  const readAll = async (stream: ReadableStream<Uint8Array>) => {
    const parts: number[] = [];
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(...next.value);
    return new Uint8Array(parts);
  };
  const big = (width: number, height: number) => blobOf(new Uint8Array([...jpegHeader(width, height), ...new Uint8Array(64)]), 'image/jpeg');

  it('asks for the 3/8 decode of a 6000 × 4000 photo and draws that frame at 2048 × 1365', async () => {
    const image = frame(2250, 1500, 0);
    const { init, close } = decoderWith(image);
    const createImageBitmap = vi.fn();
    vi.stubGlobal('createImageBitmap', createImageBitmap);
    const { create, context } = drawing();
    const file = big(6000, 4000);
    const result = await processImage(file, rule, create);
    expect(init).toEqual([expect.objectContaining({ type: 'image/jpeg', desiredWidth: 2250, desiredHeight: 1500 })]);
    // The decoder is handed the file as a stream: the chunks read for the header, then the rest.
    expect(await readAll((init[0] as { data: ReadableStream<Uint8Array> }).data)).toEqual(await readAll(file.stream()));
    expect(createImageBitmap).not.toHaveBeenCalled();
    expect(context.drawImage).toHaveBeenCalledWith(image, 0, 0, 2048, 1365);
    expect(result).toMatchObject({ width: 2048, height: 1365, reencoded: true });
    expect(image.close).toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });

  it('plans on the upright size when the frame carries a quarter turn (EXIF orientation 6)', async () => {
    decoderWith(frame(2250, 1500, 90));
    vi.stubGlobal('createImageBitmap', vi.fn());
    const { create } = drawing();
    const result = await processImage(big(6000, 4000), rule, create);
    expect(create).toHaveBeenCalledWith(1365, 2048);
    expect(result).toMatchObject({ width: 1365, height: 2048 });
  });

  it('decodes at full size with createImageBitmap when the frame has no orientation or the scale was not honoured', async () => {
    for (const image of [frame(2250, 1500), frame(1500, 1000, 0)]) {
      decoderWith(image);
      const bitmap = { width: 6000, height: 4000, close: vi.fn() };
      const createImageBitmap = vi.fn(async () => bitmap);
      vi.stubGlobal('createImageBitmap', createImageBitmap);
      const { create, context } = drawing();
      await processImage(big(6000, 4000), rule, create);
      expect(image.close).toHaveBeenCalled();
      expect(createImageBitmap).toHaveBeenCalledTimes(1);
      expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 2048, 1365);
    }
  });

  it('leaves a JPEG under 2341 px and any other format to createImageBitmap', async () => {
    const { init } = decoderWith(frame(1, 1, 0));
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 2300, height: 1000, close: vi.fn() })));
    await processImage(big(2300, 1000), rule, drawing().create);
    await processImage(blobOf(new Uint8Array(100), 'image/png'), rule, drawing().create);
    expect(init).toEqual([]);
  });
});

describe('processPhoto without Worker, OffscreenCanvas or createImageBitmap (jsdom)', () => {
  it('sends the file as it is, as a data URL of its own bytes', async () => {
    expect(typeof Worker).toBe('undefined');
    const photo = await processPhoto(new File([new Uint8Array([1, 2, 3])], 'a.jpg', { type: 'image/jpeg' }));
    expect(photo).toEqual({ dataUrl: 'data:image/jpeg;base64,AQID', width: null, height: null, reencoded: false });
  });
});

describe("the local engine's XMP across a re-encode", () => {
  // jsdom's Blob has no arrayBuffer() or stream(); browsers' (and Node's) have.
  beforeEach(() => vi.stubGlobal('Blob', NodeBlob));
  const atelierXmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:atelier="https://atelier.local/ns/1.0/" atelier:localMark="0.7 0.9 0.95 0.97" atelier:recipe="eyJwcm9tcHQiOiJ4In0"/></rdf:RDF></x:xmpmeta>';
  const gpsXmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,22.1N"/></rdf:RDF></x:xmpmeta>';
  const encode = async (format: 'png' | 'jpeg', xmp?: string) => {
    const { default: sharp } = await import('sharp');
    const image = sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } });
    return new Uint8Array(await (xmp ? image.withXmp(xmp) : image).toFormat(format).toBuffer());
  };
  const xmpOf = async (bytes: Uint8Array) => {
    const { default: sharp } = await import('sharp');
    return (await sharp(bytes).metadata()).xmp?.toString('utf8');
  };

  it("reads the engine's XMP of a PNG (libvips writes it compressed) and of a JPEG; nothing else a file carries", async () => {
    for (const format of ['png', 'jpeg'] as const) {
      expect(await localEngineXmp(new Blob([await encode(format, atelierXmp)]))).toContain('atelier:recipe="eyJwcm9tcHQiOiJ4In0"');
      expect(await localEngineXmp(new Blob([await encode(format, gpsXmp)]))).toBeNull();
      expect(await localEngineXmp(new Blob([await encode(format)]))).toBeNull();
    }
    expect(await localEngineXmp(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff])]))).toBeNull();
  });

  it('writes it into a PNG or JPEG so that a decoder reads it, the picture unchanged', async () => {
    const { default: sharp } = await import('sharp');
    for (const format of ['png', 'jpeg'] as const) {
      const plain = await encode(format);
      const tagged = new Uint8Array(await (await withXmp(new Blob([plain], { type: `image/${format}` }), atelierXmp)).arrayBuffer());
      expect(await xmpOf(tagged)).toContain('atelier:localMark="0.7 0.9 0.95 0.97"');
      expect((await sharp(tagged).raw().toBuffer()).equals(await sharp(plain).raw().toBuffer())).toBe(true);
    }
  });

  it("processImage carries it into the re-encoded file, and nothing when the file has none", async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 1200, height: 1600, close: vi.fn() })));
    const jpeg = await encode('jpeg');
    const create = (() => ({
      context: { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn(), imageSmoothingEnabled: false, imageSmoothingQuality: 'low' },
      toBlob: async (type: string) => new Blob([jpeg], { type }),
    })) as unknown as CreateSurface;
    const large = (xmp?: string) => encode('png', xmp).then((png) => new Blob([png, new Uint8Array(MB2)], { type: 'image/png' }));
    const tagged = await processImage(await large(atelierXmp), rule, create);
    expect(tagged.reencoded).toBe(true);
    expect(await xmpOf(new Uint8Array(await tagged.blob.arrayBuffer()))).toContain('atelier:recipe=');
    const plain = await processImage(await large(gpsXmp), rule, create);
    expect(await xmpOf(new Uint8Array(await plain.blob.arrayBuffer()))).toBeUndefined();
  });
});
