import { describe, expect, it } from 'vitest';
import { toEnglish } from '../local/indonesian.js';
import { understand } from '../local/understand.js';

describe('Indonesian prompts', () => {
  it('reads them in English, describing words before their noun', () => {
    expect(toEnglish('gaun merah')).toBe('red dress');
    expect(toEnglish('model memakai gaun sutra merah panjang di pantai saat matahari terbenam')).toBe('model wearing long red silk dress in beach sunset');
    expect(toEnglish('rambut pirang panjang, rok mini merah muda, sepatu kets putih')).toBe('long blonde hair, pink mini skirt, white sneakers');
    expect(toEnglish('wanita memakai kemeja biru muda dan celana hijau tua')).toBe('woman wearing light blue shirt and dark green trousers');
    // Kulit after a thing is its leather; after a person, the skin.
    expect(toEnglish('tas tangan kulit hitam, foto produk')).toBe('black leather handbag, product photo');
    expect(toEnglish('wanita kulit hitam memakai gaun')).toBe('woman dark skin wearing dress');
  });

  it('leaves an English prompt as it is (words shared with English, names, or one Indonesian word alone do not count)', () => {
    for (const prompt of ['A red Dress, mini', 'batik shirt di Milano', "five o'clock shadow, navy suit", 'a woman in a white dress in Abu Dhabi', 'woman in jeans in Salem at night', 'red dress by the fireplace mantel', 'yin and yang', 'gaun']) {
      expect(toEnglish(prompt)).toBe(prompt);
    }
  });

  it('puts a colour before an English garment and reads a coloured beard', () => {
    expect(toEnglish('jeans biru, kemeja putih')).toBe('blue jeans, white shirt');
    expect(toEnglish('baju merah, celana hitam')).toBe('red top, black trousers');
    const beard = understand('Pria berjenggot merah, jaket kulit coklat', undefined, 1);
    expect([beard.figure.facialHairColour?.name, beard.garments.map((g) => `${g.paint.name} ${g.name}`)]).toEqual(['red', ['brown leather jacket']]);
  });

  it('draws what an Indonesian prompt asks for (a red gown on a beach at sunset drew a man in a camel trench in a studio)', () => {
    const reading = understand('model memakai gaun merah panjang di pantai saat matahari terbenam', undefined, 1);
    expect(reading).toMatchObject({ setting: 'beach', light: 'sunset', framing: 'full body', figure: { presentation: 'woman' } });
    expect(reading.garments.map((g) => [g.template, g.paint.name])).toEqual([['maxi dress', 'red']]);
    expect(reading.sources.garment).toBe('prompt');
    const night = understand('pria dengan jas hitam dan kemeja putih di jalan kota malam hari', undefined, 1);
    expect([night.figure.presentation, night.setting, night.light, night.garments.map((g) => g.paint.name)]).toEqual(['man', 'street', 'night', ['black', 'white']]);
    expect(understand('wanita berkulit gelap, gaun kuning', undefined, 2).figure.skin.name).toBe('dark');
  });
});
