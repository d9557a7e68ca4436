// Runs SPEC.md §5's processing rule on a chosen photo in a Web Worker (decoding, scaling and encoding a 2048 px
// image takes the main thread 100-400 ms otherwise). The worker's chunk is built by Rspack from
// `new Worker(new URL(…, import.meta.url))` and, like every chunk of the remote, loads from the remote's
// publicPath (/mf/mf-canvas/…). Without Worker or OffscreenCanvas — or if the worker cannot start — the same
// code runs on the main thread with a <canvas>; without createImageBitmap (jsdom) the file goes as it is.
import { CANVAS_PROCESSING } from '@atelier/contracts';
import type { ProcessRequest, ProcessResponse } from '../workers/process-image.worker';
import { readAsDataUrl } from './data-url';
import { elementSurface, processImage, type ProcessedImage } from './process-image';

export interface CanvasPhoto {
  /** What the canvas shows and an edit sends. */
  dataUrl: string;
  /** The upright size sent, when the browser could decode the photo. */
  width: number | null;
  height: number | null;
  reencoded: boolean;
}

interface Pending {
  file: Blob;
  resolve(image: ProcessedImage): void;
  reject(error: Error): void;
}

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function processingWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') {
    return worker;
  }
  try {
    const started = new Worker(
      /* webpackChunkName: "canvas-image-processing" */ new URL('../workers/process-image.worker.ts', import.meta.url),
      { name: 'canvas-image-processing' },
    );
    started.onmessage = (event: MessageEvent<ProcessResponse>) => {
      const response = event.data;
      const request = pending.get(response.id);
      if (!request) return;
      pending.delete(response.id);
      if (response.ok) request.resolve(response.image);
      else request.reject(new Error(response.message));
    };
    // The chunk did not load (e.g. a remote served from another origin: workers must be same-origin) or the
    // worker died: it is not used again, and the images it held go through the main thread.
    started.onerror = (event) => {
      event.preventDefault();
      started.terminate();
      worker = null;
      const waiting = [...pending.values()];
      pending.clear();
      for (const request of waiting) onMainThread(request.file).then(request.resolve, request.reject);
    };
    worker = started;
  } catch {
    worker = null; // SecurityError for a cross-origin script URL
  }
  return worker;
}

function inWorker(started: Worker, file: Blob): Promise<ProcessedImage> {
  return new Promise((resolve, reject) => {
    const id = (nextId += 1);
    pending.set(id, { file, resolve, reject });
    const request: ProcessRequest = { id, file, rule: { ...CANVAS_PROCESSING } };
    started.postMessage(request);
  });
}

async function onMainThread(file: Blob): Promise<ProcessedImage> {
  if (typeof createImageBitmap === 'undefined' || typeof document === 'undefined') {
    return { blob: file, width: 0, height: 0, reencoded: false };
  }
  return processImage(file, { ...CANVAS_PROCESSING }, elementSurface);
}

/** The performance measure of one photo's processing, read by the bench. */
export const PROCESS_MEASURE = 'atelier:canvas-process';

/** The photo as an edit sends it (SPEC.md §5): its own bytes, or scaled and re-encoded. Rejects if it cannot be decoded. */
export async function processPhoto(file: Blob): Promise<CanvasPhoto> {
  const begun = performance.now();
  const started = processingWorker();
  const image = started ? await inWorker(started, file) : await onMainThread(file);
  const dataUrl = await readAsDataUrl(image.blob);
  // File chosen → what an edit sends, as a performance entry (`npm run bench` reads it; no cost otherwise).
  try {
    performance.measure(PROCESS_MEASURE, { start: begun, end: performance.now() });
  } catch {
    // An old browser's measure() without options, or jsdom without it: nothing to record.
  }
  return {
    dataUrl,
    width: image.width || null,
    height: image.height || null,
    reencoded: image.reencoded,
  };
}
