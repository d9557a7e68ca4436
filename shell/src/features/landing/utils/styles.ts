// The seven style cards of the landing carousel (SPEC §2), each with its subtitle and the palette of its art.

export interface StylePalette {
  /** Background gradient, top to bottom. */
  sky: [string, string];
  /** The figure's garment, its shading and the skin tone. */
  garment: string;
  shade: string;
  skin: string;
  hair: string;
  /** Colour of the decorative motif behind the figure. */
  motif: string;
}

export type StyleMotif = 'abstract' | 'y2k' | 'everyday' | 'beauty' | 'vintage' | 'concept' | 'retro';

export interface LandingStyle {
  id: StyleMotif;
  title: string;
  subtitle: string;
  palette: StylePalette;
}

export const LANDING_STYLES: readonly LandingStyle[] = [
  {
    id: 'abstract',
    title: 'Abstract',
    subtitle: 'Sculpted shapes, surreal light',
    palette: { sky: ['#1d1a3a', '#5b2a6e'], garment: '#f2c14e', shade: '#c98f1c', skin: '#e9b99a', hair: '#151226', motif: '#ef6f6c' },
  },
  {
    id: 'y2k',
    title: 'Y2K Photos',
    subtitle: 'Chrome, gloss and flash nostalgia',
    palette: { sky: ['#b9c7ff', '#f6b8e6'], garment: '#d8dde8', shade: '#8e97ab', skin: '#f1c7ad', hair: '#3b2417', motif: '#ffffff' },
  },
  {
    id: 'everyday',
    title: 'Everyday Style',
    subtitle: 'Street looks that feel lived in',
    palette: { sky: ['#d9d2c5', '#a79f91'], garment: '#3f4a3c', shade: '#283024', skin: '#c98e6b', hair: '#1f1712', motif: '#f4efe6' },
  },
  {
    id: 'beauty',
    title: 'Beauty & Makeup',
    subtitle: 'Skin, glow and close-up detail',
    palette: { sky: ['#f7d9d0', '#e7a597'], garment: '#a8382b', shade: '#6f1f17', skin: '#efc3a8', hair: '#2a1610', motif: '#fff4ef' },
  },
  {
    id: 'vintage',
    title: 'Vintage',
    subtitle: 'Film grain and archive tailoring',
    palette: { sky: ['#e8d8b8', '#b99a6b'], garment: '#5b3a29', shade: '#3a2419', skin: '#dcb08f', hair: '#2b1b12', motif: '#8a6a45' },
  },
  {
    id: 'concept',
    title: 'Concept Style',
    subtitle: 'Runway ideas before they exist',
    palette: { sky: ['#0f0e0d', '#2f2c29'], garment: '#f7f3ec', shade: '#bdb5a8', skin: '#b9836a', hair: '#0a0908', motif: '#a8382b' },
  },
  {
    id: 'retro',
    title: 'Retro Style',
    subtitle: 'Seventies sun, eighties colour',
    palette: { sky: ['#f6a04d', '#d9482b'], garment: '#274c77', shade: '#16304f', skin: '#d89f7c', hair: '#3a1d0f', motif: '#ffd37a' },
  },
];

export const CAROUSEL_INTERVAL_MS = 4000;
export const CAROUSEL_FADE_MS = 250;
