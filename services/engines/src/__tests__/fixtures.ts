import sharp from 'sharp';

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
