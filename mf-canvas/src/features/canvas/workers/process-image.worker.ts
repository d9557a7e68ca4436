// The processing worker: decodes, scales and encodes the canvas's images off the main thread
// (utils/process-image-client.ts starts it and falls back to the main thread without it).
import { offscreenSurface, processImage, type ProcessedImage, type ProcessingRule } from '../utils/process-image';

export interface ProcessRequest {
  id: number;
  file: Blob;
  rule: ProcessingRule;
}

export type ProcessResponse = { id: number; ok: true; image: ProcessedImage } | { id: number; ok: false; message: string };

// DedicatedWorkerGlobalScope is not in the DOM lib the remote compiles with; this is the part used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ProcessRequest>) => void) | null;
  postMessage(message: ProcessResponse): void;
};

scope.onmessage = (event) => {
  const { id, file, rule } = event.data;
  processImage(file, rule, offscreenSurface).then(
    (image) => scope.postMessage({ id, ok: true, image }),
    (error: unknown) => scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
};
