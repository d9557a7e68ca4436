import type { PresetData } from './presets.js';

/**
 * A preset's thumbnail drawn as a small SVG (2:3) from its palette and composition, served as a data
 * URL: no files, no engine run, identical on every machine, about 1 KB each.
 */
export function presetThumbnailSvg(preset: PresetData): string {
  const [dark = '#222222', main = '#888888', light = '#eeeeee', accent = main] = preset.palette;
  const closeUp = preset.composition.includes('close-up');
  const offCenter = preset.composition.includes('off-center') || preset.composition.includes('rule of thirds');
  const cx = offCenter ? 74 : 60;
  // A figure: head and shoulders for close-ups, a full standing silhouette otherwise.
  const figure = closeUp
    ? `<ellipse cx="${cx}" cy="78" rx="26" ry="32" fill="${light}"/><path d="M${cx - 50} 180 Q${cx - 44} 118 ${cx} 114 Q${cx + 44} 118 ${cx + 50} 180Z" fill="${accent}"/>`
    : `<circle cx="${cx}" cy="44" r="13" fill="${light}"/><path d="M${cx - 16} 60 H${cx + 16} L${cx + 26} 128 H${cx - 26}Z" fill="${accent}"/><path d="M${cx - 12} 128 L${cx - 10} 172 H${cx - 3} L${cx} 132 L${cx + 3} 172 H${cx + 10} L${cx + 12} 128Z" fill="${light}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 180" width="120" height="180">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${main}"/></linearGradient></defs>` +
    `<rect width="120" height="180" fill="url(#g)"/><circle cx="${offCenter ? 30 : 96}" cy="30" r="18" fill="${accent}" opacity="0.55"/>` +
    figure +
    `</svg>`
  );
}

export function presetThumbnailUrl(preset: PresetData): string {
  return `data:image/svg+xml;base64,${Buffer.from(presetThumbnailSvg(preset)).toString('base64')}`;
}
