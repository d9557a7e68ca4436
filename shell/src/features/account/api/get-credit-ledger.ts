import type { CreditLedgerPage } from '@atelier/contracts';
import { apiRequest } from '@atelier/host';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

export const CREDIT_LEDGER_KEY = '/api/credits/ledger';
export const LEDGER_PAGE_SIZE = 20;

/** GET /api/credits/ledger?limit=&cursor= → one page of movements, newest first. */
export async function getCreditLedger(cursor: string | null, limit = LEDGER_PAGE_SIZE): Promise<CreditLedgerPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  const res = await apiRequest('GET', `${CREDIT_LEDGER_KEY}?${query}`);
  const body = (await res.json()) as Partial<CreditLedgerPage>;
  return { items: Array.isArray(body.items) ? body.items : [], nextCursor: typeof body.nextCursor === 'string' ? body.nextCursor : null };
}

/** Pages by the server's cursor; fresh on every visit (the shell's queries are otherwise never stale). */
export function creditLedgerQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [CREDIT_LEDGER_KEY],
    queryFn: ({ pageParam }) => getCreditLedger(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useCreditLedger() {
  return useInfiniteQuery(creditLedgerQueryOptions());
}
