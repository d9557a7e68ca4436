import sharp from 'sharp';
import { createRandom } from '../local/random.js';

/** A product photo of a striped T-shirt on an almost white, slightly noisy background. */
export async function garmentPhoto(width = 600, height = 700): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 600 700">
<defs><pattern id="s" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="20" fill="#1d3557"/><rect y="20" width="40" height="20" fill="#e63946"/></pattern></defs>
<rect width="600" height="700" fill="#f3f3f1"/>
<path d="M200,90 L400,90 L540,190 L480,280 L430,240 L430,640 L170,640 L170,240 L120,280 L60,190 Z" fill="url(#s)"/>
<path d="M250,90 Q300,150 350,90" fill="#f3f3f1"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** A stand-in person photo: a figure against a plain wall, as a JPEG. */
export async function personPhoto(width = 800, height = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 1200">
<defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a9aa8"/><stop offset="1" stop-color="#c9d2d9"/></linearGradient></defs>
<rect width="800" height="1200" fill="url(#w)"/>
<ellipse cx="400" cy="190" rx="70" ry="90" fill="#c58c6a"/>
<rect x="370" y="270" width="60" height="50" fill="#b47a58"/>
<path d="M270,320 L530,320 L560,700 L240,700 Z" fill="#f2f2f2"/>
<rect x="270" y="700" width="110" height="440" fill="#2f3e4e"/><rect x="420" y="700" width="110" height="440" fill="#2f3e4e"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

export async function solidPng(width: number, height: number, colour = '#808080'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

export interface DrawnPersonOptions {
  skin?: string;
  hair?: string;
  /** Long hair falls past the shoulders on both sides. */
  long?: boolean;
  shirt?: string;
  wall?: [string, string];
}

/**
 * A person photo with hair: a head with hair on the crown (and long hair past the shoulders when asked),
 * neck, shirt, arms and legs, against a lit wall, as a JPEG.
 */
export async function personWithHair(options: DrawnPersonOptions = {}, width = 800, height = 1200): Promise<Buffer> {
  const { skin = '#8d5a3b', hair = '#2a1a12', long = false, shirt = '#3f6f8f', wall = ['#d8d2c8', '#ece8e1'] } = options;
  const longBack = long ? `<path d="M318,150 Q300,240 318,300 L482,300 Q500,240 482,150 Z" fill="${hair}"/>` : '';
  // Long hair falls in front of the shoulders, down the chest.
  const longFront = long
    ? `<path d="M336,150 Q310,320 318,470 L352,470 Q346,300 350,180 Z" fill="${hair}"/><path d="M464,150 Q490,320 482,470 L448,470 Q454,300 450,180 Z" fill="${hair}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 1200">
<defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient></defs>
<rect width="800" height="1200" fill="url(#w)"/>
${longBack}
<rect x="372" y="250" width="56" height="60" fill="${skin}"/>
<ellipse cx="400" cy="185" rx="64" ry="82" fill="${skin}"/>
<path d="M334,175 Q330,92 400,90 Q470,92 466,175 Q440,128 400,126 Q360,128 334,175 Z" fill="${hair}"/>
<path d="M280,300 L520,300 L540,640 L260,640 Z" fill="${shirt}"/>
<path d="M280,305 L235,560 L262,566 L300,340 Z" fill="${skin}"/><path d="M520,305 L565,560 L538,566 L500,340 Z" fill="${skin}"/>
<rect x="275" y="640" width="115" height="470" fill="#2b2b30"/><rect x="410" y="640" width="115" height="470" fill="#2b2b30"/>
${longFront}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Product photos of other garment shapes, on a light background, as JPEGs. */
export async function productPhoto(kind: 'dress' | 'trousers' | 'longSleeve' | 'skirt', colour = '#2f6b4f'): Promise<Buffer> {
  const shapes = {
    // A sleeveless A-line dress with white dots.
    dress: `<defs><pattern id="d" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${colour}"/><circle cx="18" cy="18" r="5" fill="#f4efe6"/></pattern></defs>
<path d="M235,60 L280,60 Q300,110 320,60 L365,60 L380,250 Q385,290 372,320 L470,740 L130,740 L228,320 Q215,290 220,250 Z" fill="url(#d)"/>`,
    // Straight-leg trousers: a waistband and two legs with a gap between them.
    trousers: `<rect x="170" y="60" width="260" height="50" fill="${colour}"/><path d="M170,100 L430,100 L445,740 L320,740 L300,260 L280,740 L155,740 Z" fill="${colour}"/>`,
    // A long-sleeved top with its sleeves hanging beside the body.
    longSleeve: `<path d="M210,80 L390,80 L470,150 L520,560 L470,566 L430,260 L430,600 L170,600 L170,260 L130,566 L80,560 L130,150 Z" fill="${colour}"/><path d="M255,80 Q300,130 345,80" fill="#f3f3f1"/>`,
    // A flared skirt: narrow waistband, wide hem.
    skirt: `<rect x="215" y="120" width="170" height="40" fill="${colour}"/><path d="M215,155 L385,155 L480,560 L120,560 Z" fill="${colour}"/>`,
  } as const;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#f3f3f1"/>${shapes[kind]}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Where editTestPhoto puts things, as fractions of the frame. */
export const EDIT_PHOTO = {
  face: { x: 0.5, y: 0.3, rx: 0.13, ry: 0.11 },
  /** A cheek-and-chin box inside the face, clear of the eyes. */
  skin: { left: 0.42, top: 0.31, right: 0.58, bottom: 0.37 },
  /** Wall only: far from the face, the markers and the corner badge. */
  wall: { left: 0.75, top: 0.05, right: 0.95, bottom: 0.25 },
  /** A green square near the top and a magenta one near the bottom, at the same x. */
  topMarker: { x: 0.25, y: 0.12 },
  bottomMarker: { x: 0.25, y: 0.88 },
  markerSize: 0.035,
} as const;

/**
 * A portrait for edit tests, as a lossless PNG: a skin-toned face with pore-like noise, dark eyes, neck and
 * navy shirt, against a blue-grey striped wall with its own noise, and two colour markers (same x, top and
 * bottom) to follow the framing. Seeded, so the same every time.
 */
export async function editTestPhoto(width = 480, height = 640): Promise<Buffer> {
  const random = createRandom(42);
  const data = Buffer.alloc(width * height * 3);
  const { face, topMarker, bottomMarker, markerSize } = EDIT_PHOTO;
  const markerHalf = (markerSize * width) / 2;
  const inMarker = (x: number, y: number, m: { x: number; y: number }) => Math.abs(x - m.x * width) <= markerHalf && Math.abs(y - m.y * height) <= markerHalf;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const noise = (random.next() - 0.5) * 2;
      const fx = (x - face.x * width) / (face.rx * width);
      const fy = (y - face.y * height) / (face.ry * height);
      const eye = [-0.4, 0.4].some((ex) => ((fx - ex) / 0.16) ** 2 + ((fy + 0.15) / 0.08) ** 2 <= 1);
      const neck = Math.abs(x - face.x * width) < 0.045 * width && y > (face.y + face.ry * 0.8) * height && y < 0.47 * height;
      const shirt = y >= 0.47 * height && Math.abs(x - face.x * width) < (0.22 + (y / height - 0.47) * 0.2) * width;
      let rgb: [number, number, number];
      if (inMarker(x, y, topMarker)) rgb = [30, 200, 60];
      else if (inMarker(x, y, bottomMarker)) rgb = [210, 40, 200];
      else if (eye) rgb = [45, 32, 28];
      else if (fx * fx + fy * fy <= 1 || neck) rgb = [198 + noise * 14, 140 + noise * 12, 108 + noise * 10];
      else if (shirt) rgb = [40 + noise * 6, 62 + noise * 6, 128 + noise * 6];
      else {
        const stripe = Math.sin(((x + y) / 16) * Math.PI) * 22;
        rgb = [92 + stripe + noise * 10, 118 + stripe + noise * 10, 140 + stripe + noise * 10];
      }
      const p = (y * width + x) * 3;
      data[p] = Math.max(0, Math.min(255, Math.round(rgb[0])));
      data[p + 1] = Math.max(0, Math.min(255, Math.round(rgb[1])));
      data[p + 2] = Math.max(0, Math.min(255, Math.round(rgb[2])));
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
