import { GARMENTS } from './vocabulary.js';

/**
 * Indonesian prompts read as English (the product sells in rupiah in Indonesia; SPEC §9): "gaun merah panjang di
 * pantai" is "long red dress in beach". Word for word, longest phrase first, with Indonesian's order of a noun before
 * its describing words turned round ("gaun merah" → "red dress", "rambut pirang" → "blonde hair"). Words it does not
 * know pass through as they are, so English words in a mixed prompt ("model", "studio", "denim") keep their meaning.
 */

type Role = 'noun' | 'mod' | 'word';

const COLOURS: Record<string, string> = {
  merah: 'red', biru: 'blue', hitam: 'black', putih: 'white', hijau: 'green', kuning: 'yellow', ungu: 'purple',
  jingga: 'orange', oranye: 'orange', coklat: 'brown', cokelat: 'brown', 'abu abu': 'grey', abu: 'grey', emas: 'gold',
  keemasan: 'gold', perak: 'silver', krem: 'cream', marun: 'maroon', tosca: 'teal', toska: 'teal', salem: 'salmon',
  'merah muda': 'pink', 'merah marun': 'maroon', 'biru dongker': 'navy', 'biru tua': 'navy', pirang: 'blonde', beruban: 'grey',
};

const MATERIALS: Record<string, string> = {
  sutra: 'silk', sutera: 'silk', katun: 'cotton', kulit: 'leather', wol: 'wool', renda: 'lace', beludru: 'velvet',
  rajut: 'knit', rajutan: 'knit', 'kulit sintetis': 'faux leather', bulu: 'faux fur', batik: 'floral', polkadot: 'polka dot',
  garis: 'striped', bergaris: 'striped', 'kotak kotak': 'plaid', motif: 'printed', bermotif: 'printed', bunga: 'floral',
};

/** Lengths, cuts and looks: said before a colour in English ("long red dress"). */
const CUTS: Record<string, string> = {
  panjang: 'long', pendek: 'short', mini: 'mini', longgar: 'oversized', ketat: 'fitted', elegan: 'elegant',
  santai: 'casual', formal: 'formal', mewah: 'luxurious', keriting: 'curly', lurus: 'straight', ikal: 'wavy',
};

const NOUNS: Record<string, string> = {
  gaun: 'dress', 'gaun malam': 'evening gown', 'gaun pesta': 'party dress', 'gaun pengantin': 'wedding dress',
  'baju kurung': 'long dress', kebaya: 'blouse', kemeja: 'shirt', kaos: 't-shirt', kaus: 't-shirt', blus: 'blouse',
  celana: 'trousers', 'celana panjang': 'trousers', 'celana pendek': 'shorts', 'celana jeans': 'jeans', 'celana kulot': 'culottes',
  rok: 'skirt', 'rok mini': 'mini skirt', 'rok panjang': 'maxi skirt', jaket: 'jacket', mantel: 'coat', jas: 'blazer',
  setelan: 'suit', 'setelan jas': 'suit', sweter: 'sweater', kardigan: 'cardigan', 'jaket kulit': 'leather jacket',
  piyama: 'pajamas', 'baju renang': 'swimsuit', 'pakaian renang': 'swimsuit', jubah: 'robe', terusan: 'dress',
  sepatu: 'shoes', 'sepatu hak tinggi': 'heels', 'sepatu kets': 'sneakers', 'sepatu bot': 'boots', sandal: 'sandals',
  tas: 'bag', 'tas tangan': 'handbag', 'tas jinjing': 'tote', topi: 'hat', 'kacamata hitam': 'sunglasses', kacamata: 'glasses',
  kalung: 'necklace', anting: 'earrings', 'anting anting': 'earrings', syal: 'scarf', dasi: 'tie', payung: 'umbrella',
  kerudung: 'veil', jilbab: 'headscarf', hijab: 'headscarf', rambut: 'hair', baju: 'top', jenggot: 'beard',
  // "berjenggot merah": a red beard.
  berjenggot: 'beard',
};

const WORDS: Record<string, string> = {
  // People.
  wanita: 'woman', perempuan: 'woman', cewek: 'woman', gadis: 'woman', pria: 'man', 'laki laki': 'man', lelaki: 'man',
  cowok: 'man', pengantin: 'bride', 'pengantin wanita': 'bride', 'pengantin pria': 'groom',
  kumis: 'moustache', berhijab: 'wearing a headscarf', berkerudung: 'wearing a veil',
  'kulit gelap': 'dark skin', 'kulit hitam': 'dark skin', 'kulit putih': 'fair skin', 'kulit terang': 'light skin',
  'kulit sawo matang': 'tan skin', 'berkulit gelap': 'dark skinned', 'berkulit hitam': 'dark skinned',
  'berkulit putih': 'fair skinned', 'berkulit sawo matang': 'tan skinned',
  // Places, light and weather.
  pantai: 'beach', taman: 'garden', jalan: 'street', 'jalan raya': 'street', kota: 'city', gurun: 'desert',
  salju: 'snow', bersalju: 'snowy', gunung: 'mountain', pegunungan: 'mountains', 'di dalam ruangan': 'interior',
  ruangan: 'interior', kamar: 'interior', kafe: 'cafe', 'landasan pacu': 'runway', panggung: 'runway',
  malam: 'night', 'malam hari': 'night', 'matahari terbenam': 'sunset', senja: 'sunset', pagi: 'morning',
  siang: 'noon', 'siang hari': 'noon', hujan: 'rain', 'musim gugur': 'autumn', 'musim dingin': 'winter',
  // Framing and shots.
  'seluruh badan': 'full body', 'setengah badan': 'half body', 'foto produk': 'product photo', potret: 'portrait',
  'latar putih': 'white background', 'latar belakang putih': 'white background', 'latar hitam': 'black background',
  'latar belakang hitam': 'black background',
  // Small words.
  dan: 'and', dengan: 'with', di: 'in', memakai: 'wearing', mengenakan: 'wearing', pakai: 'wearing',
  tanpa: 'without', 'tidak ada': 'no', seorang: 'a', sebuah: 'a', yang: '', sedang: '', saat: '', ketika: '', pada: 'at',
  berdiri: 'standing', berjalan: 'walking', duduk: 'sitting',
};

const TABLE = new Map<string, [string, Role]>([
  ...Object.entries(WORDS).map(([k, v]) => [k, [v, 'word']] as [string, [string, Role]]),
  ...Object.entries(CUTS).map(([k, v]) => [k, [v, 'mod']] as [string, [string, Role]]),
  ...Object.entries(MATERIALS).map(([k, v]) => [k, [v, 'mod']] as [string, [string, Role]]),
  ...Object.entries(COLOURS).map(([k, v]) => [k, [v, 'mod']] as [string, [string, Role]]),
  // "biru muda" light blue, "hijau tua" dark green.
  ...Object.entries(COLOURS).flatMap(([k, v]) => [
    [`${k} muda`, [`light ${v}`, 'mod']],
    [`${k} tua`, [`dark ${v}`, 'mod']],
  ] as [string, [string, Role]][]).filter(([k]) => !(k in COLOURS)),
  ...Object.entries(NOUNS).map(([k, v]) => [k, [v, 'noun']] as [string, [string, Role]]),
]);
/** English names of things worn, and the English the table gives nouns: a colour after them is theirs. */
const ENGLISH_NOUNS = new Set([...Object.keys(GARMENTS).filter((k) => !k.includes(' ')), 'sneakers', 'heels', 'boots', 'shoes', 'loafers', 'sandals', 'bag', 'handbag', 'hat', 'cap', 'tote', 'clutch', 'beard', 'hair']);
const MATERIAL_WORDS = new Set(Object.values(MATERIALS));
const CUT_WORDS = new Set(Object.values(CUTS));
const LONGEST = Math.max(...[...TABLE.keys()].map((k) => k.split(' ').length));

/** Words only Indonesian has: a prompt with none is left as it is. */
/** Words also English (or names: Abu Dhabi, Salem) that say nothing of a prompt's language. */
const SHARED = new Set(['mini', 'formal', 'sandal', 'batik', 'kebaya', 'hijab', 'polkadot', 'motif', 'kafe', 'dan', 'di', 'jeans', 'abu', 'salem', 'mantel', 'tosca', 'toska', 'yang', 'ada', 'tua', 'model', 'studio', 'denim', 'satin', 'linen', 'navy']);
/** Single words only Indonesian has; a prompt is read as Indonesian when it holds two of them. */
const INDONESIAN = new Set([...TABLE.keys()].filter((k) => !k.includes(' ') && !SHARED.has(k)));

/** The English reading of an Indonesian (or mixed) prompt; any other prompt unchanged. */
export function toEnglish(text: string): string {
  const words = text.toLowerCase().replace(/-/g, ' ').split(/(\s+|[,.;:!?()])/).filter((w) => w.trim() !== '');
  if (new Set(words.filter((w) => INDONESIAN.has(w))).size < 2) return text;
  const read: [string, Role][] = [];
  for (let i = 0; i < words.length; ) {
    let matched = false;
    for (let n = Math.min(LONGEST, words.length - i); n >= 1 && !matched; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      const entry = TABLE.get(phrase);
      if (!entry) continue;
      // "tas kulit hitam": after a thing, kulit is its leather, not a person's skin.
      if (n > 1 && phrase.startsWith('kulit ') && read.length > 0 && read.at(-1)![1] !== 'word') continue;
      read.push(entry);
      i += n;
      matched = true;
    }
    // An English garment or thing in an Indonesian prompt ("jeans biru") is a noun its colour follows too.
    if (!matched) {
      const word = words[i++]!;
      read.push([word, ENGLISH_NOUNS.has(word) ? 'noun' : 'word']);
    }
  }
  // A noun's describing words follow it: put them before it.
  const out: string[] = [];
  for (let i = 0; i < read.length; i++) {
    const [word, role] = read[i]!;
    if (role !== 'noun') {
      out.push(word);
      continue;
    }
    let j = i + 1;
    while (j < read.length && read[j]![1] === 'mod') j++;
    // In English's order: length or cut, then colour, then material ("long red silk dress").
    const rank = (w: string) => (MATERIAL_WORDS.has(w) ? 2 : CUT_WORDS.has(w) ? 0 : 1);
    out.push(...read.slice(i + 1, j).map(([w]) => w).sort((a, b) => rank(a) - rank(b)), word);
    i = j - 1;
  }
  return out.filter(Boolean).join(' ').replace(/\s+([,.;:!?)])/g, '$1');
}
