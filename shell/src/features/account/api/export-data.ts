import type { AccountSummary, Character, CreditMovement, Generation, User } from '@atelier/contracts';
import { apiRequest } from '@atelier/host';

/** Items per request while collecting every page (the services' largest page). */
const PAGE = 100;

/** What Atelier keeps about the signed-in user, as the export file holds it (docs/decisions.md, "Your data"). */
export interface AccountExport {
  exportedAt: string;
  /** Links to files work while the account exists. */
  note: string;
  account: User;
  plan: AccountSummary;
  creditHistory: CreditMovement[];
  /** Every image, video, dress-up, photoshoot photo, canvas copy and upscale, newest first, with absolute links. */
  creations: Generation[];
  /** The user's own characters (not the house cast), with their portraits. */
  characters: Character[];
}

async function getJson<T>(path: string): Promise<T> {
  return (await (await apiRequest('GET', path)).json()) as T;
}

/** Every page of a cursor-paged list, in order. */
async function allPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (cursor) query.set('cursor', cursor);
    const page: { items?: T[]; nextCursor?: string | null } = await getJson(`${path}?${query}`);
    items.push(...(page.items ?? []));
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : null;
  } while (cursor);
  return items;
}

/** Our media paths made links that open from the file (the site's own origin in front). */
function absolute<T>(value: T, origin: string): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' && v.startsWith('/media/') ? `${origin}${v}` : v)) as T;
}

/** Gathers the export from the account, create and photoshoot services' own lists (every page of each). */
export async function collectAccountData(origin: string, now = new Date()): Promise<AccountExport> {
  const [account, plan, creditHistory, creations, characters] = await Promise.all([
    getJson<User>('/api/auth/user'),
    getJson<AccountSummary>('/api/account/summary'),
    allPages<CreditMovement>('/api/credits/ledger'),
    allPages<Generation>('/api/generations'),
    getJson<Character[]>('/api/avatar/characters'),
  ]);
  return absolute(
    {
      exportedAt: now.toISOString(),
      note: 'A copy of what Atelier keeps about you. The links open your files while your account exists.',
      account,
      plan,
      creditHistory,
      creations,
      characters: characters.filter((character) => !character.house),
    },
    origin,
  );
}

/** The file's name: atelier-data-YYYY-MM-DD.json (UTC). */
export const exportFileName = (now: Date) => `atelier-data-${now.toISOString().slice(0, 10)}.json`;
