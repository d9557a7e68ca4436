import type { Generation, GenerationsPage } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { GENERATIONS_PAGE_SIZE, GENERATIONS_POLL_MS, IN_FLIGHT_POLL_MS } from '../../../constants';

/** The list's cache key; the shell refreshes it (e.g. after a dev user switch) by this prefix. */
export const GENERATIONS_KEY = '/api/generations';

/** GET /api/generations?limit=&cursor= → the user's generations, newest first. */
export async function getGenerations(apiRequest: Host['apiRequest'], cursor: string | null): Promise<GenerationsPage> {
  const params = new URLSearchParams({ limit: String(GENERATIONS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const response = await apiRequest('GET', `${GENERATIONS_KEY}?${params}`);
  const page = (await response.json()) as Partial<GenerationsPage>;
  return { items: Array.isArray(page.items) ? page.items : [], nextCursor: page.nextCursor ?? null };
}

export const isInFlight = (generation: Pick<Generation, 'status'>) =>
  generation.status === 'queued' || generation.status === 'processing';

export const generationsQueryOptions = (apiRequest: Host['apiRequest'], watching: boolean) =>
  infiniteQueryOptions({
    queryKey: [GENERATIONS_KEY, 'pages'],
    queryFn: ({ pageParam }) => getGenerations(apiRequest, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // SPEC §9: refetched every 10 s; every 2 s while a generation is queued or processing.
    refetchInterval: (query) => {
      const items = query.state.data?.pages.flatMap((page) => page.items) ?? [];
      return watching || items.some(isInFlight) ? IN_FLIGHT_POLL_MS : GENERATIONS_POLL_MS;
    },
  });

/** The gallery's list, flattened; `watching` polls fast while a generation we started is not yet listed. */
export function useGenerations(watching = false) {
  const host = useHost();
  const query = useInfiniteQuery(generationsQueryOptions(host.apiRequest, watching));
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items };
}
