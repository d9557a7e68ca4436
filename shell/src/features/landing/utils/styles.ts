// The seven style cards of the landing carousel (SPEC §2), each with its subtitle. Their pictures are the
// `style-<id>` artwork of packages/artwork (its recipes hold each style's palette).

export type StyleMotif = 'abstract' | 'y2k' | 'everyday' | 'beauty' | 'vintage' | 'concept' | 'retro';

export interface LandingStyle {
  id: StyleMotif;
  title: string;
  subtitle: string;
}

export const LANDING_STYLES: readonly LandingStyle[] = [
  {
    id: 'abstract',
    title: 'Abstract',
    subtitle: 'Sculpted shapes, surreal light',
  },
  {
    id: 'y2k',
    title: 'Y2K Photos',
    subtitle: 'Chrome, gloss and flash nostalgia',
  },
  {
    id: 'everyday',
    title: 'Everyday Style',
    subtitle: 'Street looks that feel lived in',
  },
  {
    id: 'beauty',
    title: 'Beauty & Makeup',
    subtitle: 'Skin, glow and close-up detail',
  },
  {
    id: 'vintage',
    title: 'Vintage',
    subtitle: 'Film grain and archive tailoring',
  },
  {
    id: 'concept',
    title: 'Concept Style',
    subtitle: 'Runway ideas before they exist',
  },
  {
    id: 'retro',
    title: 'Retro Style',
    subtitle: 'Seventies sun, eighties colour',
  },
];

export const CAROUSEL_INTERVAL_MS = 4000;
export const CAROUSEL_FADE_MS = 250;
