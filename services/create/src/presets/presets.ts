/**
 * The preset picker's data: 42 presets, six for each of the landing page's seven styles. A preset's
 * `prompt` is the recipe appended to the user's prompt; `palette` (darkest or most important first)
 * and `composition` steer the local engine, and draw the thumbnail.
 */
export const PRESET_STYLES = [
  'Abstract',
  'Y2K Photos',
  'Everyday Style',
  'Beauty & Makeup',
  'Vintage',
  'Concept Style',
  'Retro Style',
] as const;
export type PresetStyle = (typeof PRESET_STYLES)[number];

export interface PresetData {
  id: string;
  name: string;
  style: PresetStyle;
  prompt: string;
  palette: string[];
  composition: string;
}

export const PRESETS: readonly PresetData[] = [
  // Abstract
  { id: 'abstract-color-field', name: 'Color Field', style: 'Abstract', prompt: 'bold colour-field backdrop, flat planes of saturated colour, minimal fashion portrait, gallery lighting', palette: ['#1d3557', '#e63946', '#f1faee', '#a8dadc'], composition: 'full-body, centered' },
  { id: 'abstract-liquid-chrome', name: 'Liquid Chrome', style: 'Abstract', prompt: 'molten chrome shapes flowing around the model, reflective surfaces, high-gloss editorial', palette: ['#2b2d42', '#8d99ae', '#edf2f4', '#c0c0c0'], composition: 'three-quarter, off-center' },
  { id: 'abstract-bauhaus', name: 'Bauhaus Shapes', style: 'Abstract', prompt: 'primary-colour circles, squares and triangles, Bauhaus poster geometry, crisp studio light', palette: ['#111111', '#d62828', '#f7b801', '#1b4f9c'], composition: 'full-body, rule of thirds' },
  { id: 'abstract-smoke', name: 'Coloured Smoke', style: 'Abstract', prompt: 'swirling coloured smoke, soft haze, dreamy silhouette, long exposure feel', palette: ['#3c096c', '#ff6d00', '#ff9e00', '#240046'], composition: 'medium shot, centered' },
  { id: 'abstract-prism', name: 'Prism Light', style: 'Abstract', prompt: 'prism refractions and rainbow light leaks across the face and garment, dark backdrop', palette: ['#0b0c10', '#66fcf1', '#c3073f', '#f5f5f5'], composition: 'close-up, rule of thirds' },
  { id: 'abstract-paper-cut', name: 'Paper Cut', style: 'Abstract', prompt: 'layered paper-cut shapes, soft shadows between layers, pastel sculptural set', palette: ['#6d597a', '#eaac8b', '#e56b6f', '#ffe8d6'], composition: 'full-body, centered' },

  // Y2K Photos
  { id: 'y2k-flash-party', name: 'Flash Party', style: 'Y2K Photos', prompt: 'direct on-camera flash, early-2000s party snapshot, glossy lips, low-rise denim, digicam colour', palette: ['#14213d', '#ff4fa3', '#c0c0c0', '#fca311'], composition: 'medium shot, centered' },
  { id: 'y2k-butterfly', name: 'Butterfly Clips', style: 'Y2K Photos', prompt: 'butterfly hair clips, frosted eyeshadow, baby-pink set, playful pose, soft flash', palette: ['#5a189a', '#ffafcc', '#cdb4db', '#bde0fe'], composition: 'close-up, centered' },
  { id: 'y2k-cyber-silver', name: 'Cyber Silver', style: 'Y2K Photos', prompt: 'metallic silver outfit, futuristic sunglasses, blue gradient studio, millennium tech mood', palette: ['#03045e', '#0077b6', '#c0c0c0', '#90e0ef'], composition: 'full-body, centered' },
  { id: 'y2k-mall', name: 'Mall Rat', style: 'Y2K Photos', prompt: 'shopping mall escalator, velour tracksuit, tinted sunglasses, bright fluorescent light', palette: ['#3a0ca3', '#f72585', '#4cc9f0', '#fefae0'], composition: 'three-quarter, off-center' },
  { id: 'y2k-digicam', name: 'Digicam Night', style: 'Y2K Photos', prompt: 'compact digital camera at night, date stamp, harsh flash, street corner, grainy shadows', palette: ['#0d1b2a', '#e0e1dd', '#ff006e', '#415a77'], composition: 'medium shot, rule of thirds' },
  { id: 'y2k-pop-star', name: 'Pop Star', style: 'Y2K Photos', prompt: 'turn-of-the-millennium pop video set, rhinestones, glitter, bold pink and baby blue', palette: ['#240046', '#ff5d8f', '#97d2fb', '#ffffff'], composition: 'full-body, centered' },

  // Everyday Style
  { id: 'everyday-street', name: 'City Street', style: 'Everyday Style', prompt: 'candid street-style shot on a city sidewalk, natural daylight, relaxed tailoring', palette: ['#22223b', '#4a4e69', '#c9ada7', '#f2e9e4'], composition: 'full-body, rule of thirds' },
  { id: 'everyday-cafe', name: 'Café Morning', style: 'Everyday Style', prompt: 'morning café terrace, knitwear and coffee, warm window light, lifestyle editorial', palette: ['#3d2c2e', '#a47551', '#d0b49f', '#f4ede4'], composition: 'medium shot, off-center' },
  { id: 'everyday-weekend', name: 'Weekend Casual', style: 'Everyday Style', prompt: 'weekend casual outfit, white sneakers, park path, soft overcast light', palette: ['#354f52', '#84a98c', '#cad2c5', '#ffffff'], composition: 'full-body, centered' },
  { id: 'everyday-office', name: 'Office Chic', style: 'Everyday Style', prompt: 'modern office lobby, sharp blazer and trousers, clean lines, confident stance', palette: ['#1b263b', '#778da9', '#e0e1dd', '#b08968'], composition: 'three-quarter, centered' },
  { id: 'everyday-market', name: 'Market Day', style: 'Everyday Style', prompt: 'open-air market, linen layers, woven tote bag, dappled sunlight', palette: ['#606c38', '#dda15e', '#fefae0', '#bc6c25'], composition: 'medium shot, rule of thirds' },
  { id: 'everyday-athleisure', name: 'Athleisure', style: 'Everyday Style', prompt: 'athleisure set, running track at golden hour, sporty and polished', palette: ['#0b090a', '#e5383b', '#d3d3d3', '#f5f3f4'], composition: 'full-body, off-center' },

  // Beauty & Makeup
  { id: 'beauty-glass-skin', name: 'Glass Skin', style: 'Beauty & Makeup', prompt: 'beauty close-up, dewy glass skin, minimal makeup, soft butterfly lighting, clean white backdrop', palette: ['#6b4e3d', '#f8edeb', '#fcd5ce', '#ffffff'], composition: 'close-up, centered' },
  { id: 'beauty-bold-lip', name: 'Bold Lip', style: 'Beauty & Makeup', prompt: 'statement red lip, sharp liner, matte skin, high-contrast beauty lighting', palette: ['#370617', '#d00000', '#f8f9fa', '#e85d04'], composition: 'close-up, centered' },
  { id: 'beauty-graphic-liner', name: 'Graphic Liner', style: 'Beauty & Makeup', prompt: 'graphic coloured eyeliner, editorial makeup, neutral skin, studio beauty dish', palette: ['#023047', '#219ebc', '#ffb703', '#f1f1f1'], composition: 'close-up, rule of thirds' },
  { id: 'beauty-golden-glow', name: 'Golden Glow', style: 'Beauty & Makeup', prompt: 'bronzed skin, golden highlighter, warm sunset light, freckles', palette: ['#582f0e', '#b6ad90', '#ffb703', '#fefae0'], composition: 'close-up, off-center' },
  { id: 'beauty-pastel-lids', name: 'Pastel Lids', style: 'Beauty & Makeup', prompt: 'pastel eyeshadow washes, glossy lids, soft pink backdrop, airy and fresh', palette: ['#7b2cbf', '#e0aaff', '#ffc8dd', '#fdfcdc'], composition: 'close-up, centered' },
  { id: 'beauty-noir', name: 'Noir Beauty', style: 'Beauty & Makeup', prompt: 'smoky eyes, dark lip, chiaroscuro lighting, black backdrop, dramatic beauty portrait', palette: ['#000000', '#4a0e0e', '#c9c9c9', '#8b0000'], composition: 'close-up, centered' },

  // Vintage
  { id: 'vintage-1950s', name: '1950s Glamour', style: 'Vintage', prompt: '1950s Hollywood glamour, full skirt, pin curls, soft spotlight, Technicolor palette', palette: ['#3a0f0f', '#c1121f', '#fdf0d5', '#669bbc'], composition: 'full-body, centered' },
  { id: 'vintage-70s-film', name: '70s Film', style: 'Vintage', prompt: '1970s 35 mm film, warm grain, flared trousers, sunlit living room', palette: ['#582f0e', '#bc6c25', '#dda15e', '#fefae0'], composition: 'three-quarter, rule of thirds' },
  { id: 'vintage-sepia', name: 'Sepia Portrait', style: 'Vintage', prompt: 'antique sepia portrait, Victorian lace collar, painted studio backdrop', palette: ['#3e2723', '#8d6e63', '#d7ccc8', '#efebe9'], composition: 'medium shot, centered' },
  { id: 'vintage-polaroid', name: 'Instant Film', style: 'Vintage', prompt: 'instant-film look, faded cyan shadows, soft vignetting, summer holiday outfit', palette: ['#264653', '#2a9d8f', '#e9c46a', '#f4f1de'], composition: 'medium shot, centered' },
  { id: 'vintage-jazz-age', name: 'Jazz Age', style: 'Vintage', prompt: '1920s flapper dress, beaded fringe, art deco ballroom, black and gold', palette: ['#0a0a0a', '#b8860b', '#f5deb3', '#2f2f2f'], composition: 'full-body, centered' },
  { id: 'vintage-60s-mod', name: '60s Mod', style: 'Vintage', prompt: '1960s mod mini dress, bold geometric print, white go-go boots, flat studio colour', palette: ['#1a1a1a', '#ff7b00', '#ffffff', '#00a6fb'], composition: 'full-body, off-center' },

  // Concept Style
  { id: 'concept-surreal-desert', name: 'Surreal Desert', style: 'Concept Style', prompt: 'surreal desert dunes, floating fabric, oversized moon, conceptual fashion story', palette: ['#7f5539', '#e6ccb2', '#ddb892', '#b08968'], composition: 'full-body, rule of thirds' },
  { id: 'concept-underwater', name: 'Underwater Dream', style: 'Concept Style', prompt: 'underwater feel, drifting hair and chiffon, caustic light patterns, deep teal', palette: ['#03045e', '#0096c7', '#48cae4', '#caf0f8'], composition: 'three-quarter, centered' },
  { id: 'concept-mirror-maze', name: 'Mirror Maze', style: 'Concept Style', prompt: 'mirror maze reflections multiplying the model, clean minimal set, cool light', palette: ['#212529', '#adb5bd', '#f8f9fa', '#6c757d'], composition: 'full-body, centered' },
  { id: 'concept-botanical', name: 'Botanical Set', style: 'Concept Style', prompt: 'overgrown greenhouse set, giant leaves framing the model, humid soft light', palette: ['#1b4332', '#40916c', '#95d5b2', '#d8f3dc'], composition: 'medium shot, off-center' },
  { id: 'concept-neon-future', name: 'Neon Future', style: 'Concept Style', prompt: 'futuristic neon cityscape, reflective rain, techwear silhouette, cinematic', palette: ['#10002b', '#e0aaff', '#00f5d4', '#f15bb5'], composition: 'full-body, rule of thirds' },
  { id: 'concept-sculpture', name: 'Living Sculpture', style: 'Concept Style', prompt: 'model as a marble sculpture on a plinth, draped fabric, museum light', palette: ['#495057', '#dee2e6', '#f8f9fa', '#adb5bd'], composition: 'full-body, centered' },

  // Retro Style
  { id: 'retro-80s-aerobics', name: '80s Aerobics', style: 'Retro Style', prompt: '1980s aerobics studio, neon leotard, leg warmers, grid backdrop, bright strobe', palette: ['#2d00f7', '#ff0a54', '#f9f871', '#00f5d4'], composition: 'full-body, centered' },
  { id: 'retro-diner', name: 'Diner Booth', style: 'Retro Style', prompt: 'retro American diner booth, chrome and red vinyl, milkshake, candy colours', palette: ['#9d0208', '#e5e5e5', '#48cae4', '#ffba08'], composition: 'medium shot, off-center' },
  { id: 'retro-vhs', name: 'VHS Tape', style: 'Retro Style', prompt: 'VHS tracking lines, washed colour, camcorder timestamp, 90s bedroom', palette: ['#22223b', '#9a8c98', '#f2e9e4', '#c9184a'], composition: 'medium shot, centered' },
  { id: 'retro-disco', name: 'Disco Night', style: 'Retro Style', prompt: 'disco ball sparkle, sequinned jumpsuit, coloured spotlights, dance floor', palette: ['#240046', '#ff9e00', '#c77dff', '#e0e0e0'], composition: 'full-body, rule of thirds' },
  { id: 'retro-roller', name: 'Roller Rink', style: 'Retro Style', prompt: 'roller rink, satin bomber, tube socks, pastel neon signs, motion blur', palette: ['#3c096c', '#ff70a6', '#70d6ff', '#ffd670'], composition: 'full-body, off-center' },
  { id: 'retro-arcade', name: 'Arcade', style: 'Retro Style', prompt: 'retro arcade glow, pixel patterns, bomber jacket, magenta and cyan light', palette: ['#0b0033', '#ff00c8', '#00e5ff', '#fefefe'], composition: 'medium shot, centered' },
];

export function findPreset(id: string): PresetData | undefined {
  return PRESETS.find((preset) => preset.id === id);
}
