import { createFile, MP4BoxBuffer, type Movie } from 'mp4box';

export interface Mp4Info {
  durationSeconds: number;
  width: number;
  height: number;
  /** The first video track's codec string, e.g. `avc1.64001f`. */
  codec: string;
  fps: number;
}

/**
 * Reads an MP4's duration, frame size, codec and frame rate from its boxes with mp4box (JavaScript:
 * no decoder touches bytes we did not make). Null when the bytes are not an MP4 with a video track.
 */
export function readMp4(data: Buffer): Mp4Info | null {
  let movie: Movie | null = null;
  let failed = false;
  const file = createFile();
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = () => {
    failed = true;
  };
  try {
    const buffer = MP4BoxBuffer.fromArrayBuffer(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength), 0);
    file.appendBuffer(buffer, true);
    file.flush();
  } catch {
    return null;
  }
  const info = movie as Movie | null;
  if (failed || !info) return null;
  const track = info.videoTracks[0];
  if (!track?.video || !info.timescale) return null;
  const durationSeconds = info.duration / info.timescale;
  const trackSeconds = track.timescale ? track.samples_duration / track.timescale || track.duration / track.timescale : durationSeconds;
  return {
    durationSeconds,
    width: track.video.width,
    height: track.video.height,
    codec: track.codec,
    fps: trackSeconds > 0 ? Math.round((track.nb_samples / trackSeconds) * 100) / 100 : 0,
  };
}
