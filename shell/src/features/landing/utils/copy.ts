// The landing page's claims (SPEC §1): feature pills, the Dress Up announcement and the community line.
export const FEATURE_PILLS = [
  'Photorealism',
  'Fashion Factory',
  '40+ Presets',
  'AI Skin Fix',
  'Dress Ups',
  'Upscale',
  'Text to Video',
  'Text to Photo',
  'AI Edits',
] as const;

export const LANDING_COPY = {
  announcement: 'New: Unlimited Dress Up',
  announcementDetail: 'try on every look, no daily cap',
  headline: 'Your AI fashion studio',
  lede: 'Photorealistic fashion images, videos and try-ons in seconds. Pick a style, dress a character, shoot the look.',
  creators: 'Join 10k+ creators',
  stylesTitle: 'Choose your style',
  stylesLede: '40+ presets across seven looks, from Y2K flash to archive tailoring.',
} as const;
