import { toYcc, type Picture } from './picture.js';

/** How far the main image moves towards the reference: brightness a little, colour more. */
const LUMA_MEAN = 0.3;
const LUMA_SPREAD = 0.2;
const CHROMA_MEAN = 0.6;
const CHROMA_SPREAD = 0.5;

interface Stats {
  mean: [number, number, number];
  std: [number, number, number];
}

/** Mean and spread of Y, Cb and Cr (BT.601, 0..255), from about 40,000 pixels. */
function statsOf(picture: Picture): Stats {
  const { data } = picture;
  const pixels = data.length / 3;
  const step = Math.max(1, Math.floor(pixels / 40_000));
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < pixels; i += step) {
    const p = i * 3;
    const [y, cb, cr] = toYcc(data[p]!, data[p + 1]!, data[p + 2]!);
    sum[0]! += y;
    sum[1]! += cb;
    sum[2]! += cr;
    sq[0]! += y * y;
    sq[1]! += cb * cb;
    sq[2]! += cr * cr;
    n++;
  }
  const mean = sum.map((s) => s / n) as Stats['mean'];
  const std = sq.map((s, c) => Math.sqrt(Math.max(1, s / n - mean[c]! * mean[c]!))) as Stats['std'];
  return { mean, std };
}

/**
 * Carries a reference image's palette over to the picture, in place (after Reinhard et al.'s colour
 * transfer, in YCbCr and at partial strength): each channel's mean and spread move part of the way to the
 * reference's. The picture keeps its own light and contrast; its colours lean towards the reference's.
 */
export function transferPalette(picture: Picture, reference: Picture): void {
  const from = statsOf(picture);
  const to = statsOf(reference);
  const strength = [
    [LUMA_MEAN, LUMA_SPREAD],
    [CHROMA_MEAN, CHROMA_SPREAD],
    [CHROMA_MEAN, CHROMA_SPREAD],
  ] as const;
  // Per channel: out = targetMean + (in - mean) * scale.
  const target = [0, 1, 2].map((c) => from.mean[c]! + (to.mean[c]! - from.mean[c]!) * strength[c]![0]);
  const scale = [0, 1, 2].map((c) => {
    const ratio = Math.min(2, Math.max(0.5, to.std[c]! / from.std[c]!));
    return 1 + (ratio - 1) * strength[c]![1];
  });
  const [ty, tcb, tcr] = target as [number, number, number];
  const [sy, scb, scr] = scale as [number, number, number];
  const [my, mcb, mcr] = from.mean;
  const { data } = picture;
  for (let p = 0; p < data.length; p += 3) {
    const r = data[p]!;
    const g = data[p + 1]!;
    const b = data[p + 2]!;
    const y = ty + (0.299 * r + 0.587 * g + 0.114 * b - my) * sy;
    const cb = tcb + (128 - 0.168736 * r - 0.331264 * g + 0.5 * b - mcb) * scb - 128;
    const cr = tcr + (128 + 0.5 * r - 0.418688 * g - 0.081312 * b - mcr) * scr - 128;
    data[p] = y + 1.402 * cr;
    data[p + 1] = y - 0.344136 * cb - 0.714136 * cr;
    data[p + 2] = y + 1.772 * cb;
  }
}
