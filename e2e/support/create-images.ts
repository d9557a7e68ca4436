// Small real PNG files made in code for the create flow's uploads (no downloads, no image library): a
// person standing on a studio backdrop and a garment photographed on white.
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG whose pixel (x, y) is `paint(x, y)`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const p = y * stride + 1 + x * 3;
      raw[p] = r;
      raw[p + 1] = g;
      raw[p + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/** A 480×720 portrait of a standing figure (head, hair, white tee, dark trousers) on a warm grey backdrop. */
export function personPng(): Buffer {
  const width = 480;
  const height = 720;
  const skin: Rgb = [224, 178, 148];
  return encodePng(width, height, (x, y) => {
    if (inEllipse(x, y, 240, 118, 62, 70) && y < 96) return [58, 40, 30]; // hair
    if (inEllipse(x, y, 240, 130, 52, 64)) return skin; // face
    if (x > 222 && x < 258 && y >= 186 && y < 214) return skin; // neck
    const shoulder = y >= 210 && y < 450;
    if (shoulder && x > 150 && x < 330) return [236, 236, 232]; // white tee
    if (shoulder && ((x > 118 && x <= 150) || (x >= 330 && x < 362)) && y < 420) return skin; // arms
    if (y >= 450 && y < 700 && ((x > 165 && x < 234) || (x > 246 && x < 315))) return [40, 44, 62]; // trousers
    const shade = Math.round(190 - (y / height) * 40);
    return [shade, shade - 6, shade - 14]; // backdrop
  });
}

/** A 400×400 red striped tee on a white product-photo background. */
export function garmentPng(): Buffer {
  return encodePng(400, 400, (x, y) => {
    const body = x > 110 && x < 290 && y > 80 && y < 360;
    const sleeves = y > 80 && y < 170 && ((x > 40 && x <= 110) || (x >= 290 && x < 360));
    const collar = inEllipse(x, y, 200, 80, 40, 26);
    if (collar) return [250, 250, 250];
    if (body || sleeves) return Math.floor(y / 24) % 2 === 0 ? [196, 30, 58] : [150, 18, 40];
    return [250, 250, 250];
  });
}
