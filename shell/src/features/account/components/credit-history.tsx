import type { CreditMovement } from '@atelier/contracts';
import { Button, cn, Spinner } from '@atelier/ui';
import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../../hooks/use-rotation';
import { TEXTS } from '../../../constants';
import { useCreditLedger } from '../api/get-credit-ledger';
import { FEATURE_LABELS, formatDateTime, movementAmount, movementLabel, shortKey } from '../utils/format';

// Tailwind's md, in rem like the CSS (as the landing's layouts): a table from there, a list of cards below.
const WIDE = '(min-width: 48rem)';

/** Every credit movement, newest first, a page at a time ("Load more"). */
export function CreditHistory() {
  const ledger = useCreditLedger();
  const wide = useMediaQuery(WIDE);
  const movements = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  // When the last page arrives "Load more" goes away; keyboard focus moves to the end note instead of the page's top.
  const endRef = useRef<HTMLParagraphElement>(null);
  const [focusEnd, setFocusEnd] = useState(false);
  useEffect(() => {
    if (!focusEnd || ledger.hasNextPage || ledger.isFetchingNextPage) return;
    endRef.current?.focus();
    setFocusEnd(false);
  }, [focusEnd, ledger.hasNextPage, ledger.isFetchingNextPage]);

  return (
    <section aria-labelledby="credit-history" className="flex flex-col gap-4">
      <div>
        <h2 id="credit-history" className="text-2xl sm:text-3xl">
          Credit history
        </h2>
        <p className="text-sm text-muted-foreground">Every charge and refund, newest first.</p>
      </div>

      {ledger.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading credit history" />
        </div>
      ) : ledger.isError && movements.length === 0 ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-5">
          <p>Could not load your credit history.</p>
          <Button variant="outline" size="sm" onClick={() => void ledger.refetch()}>
            {TEXTS.retry}
          </Button>
        </div>
      ) : movements.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          No credit movements yet. Each generation you start appears here, with any refund.
        </p>
      ) : (
        <>
          {wide ? <MovementTable movements={movements} /> : <MovementCards movements={movements} />}
          <p className="sr-only" aria-live="polite">
            Showing {movements.length} movements
          </p>
          {ledger.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load more movements. Please try again.
            </p>
          ) : null}
          {ledger.hasNextPage ? (
            <div className="flex justify-center">
              {/* aria-disabled rather than disabled while loading: a disabled button drops keyboard focus. */}
              <Button
                variant="outline"
                onClick={(event) => {
                  if (ledger.isFetchingNextPage) return;
                  setFocusEnd(document.activeElement === event.currentTarget);
                  void ledger.fetchNextPage();
                }}
                aria-disabled={ledger.isFetchingNextPage}
                aria-busy={ledger.isFetchingNextPage}
                className="aria-disabled:opacity-50"
              >
                {ledger.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          ) : (ledger.data?.pages.length ?? 0) > 1 ? (
            <p ref={endRef} tabIndex={-1} className="text-center text-sm text-muted-foreground outline-none">
              End of your credit history
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

function Amount({ movement }: { movement: CreditMovement }) {
  return (
    <span className={cn('whitespace-nowrap font-medium tabular-nums', movement.amount > 0 ? 'text-emerald-800' : 'text-foreground')}>
      {movementAmount(movement)}
    </span>
  );
}

/** The work in a line (its prompt's start, a photoshoot's character), in its own direction; cut to the cell. */
function Note({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <span dir="auto" title={note} className="block max-w-[28rem] truncate text-sm text-muted-foreground">
      {note}
    </span>
  );
}

/** The work's id, shortened (the full one is its title). */
function WorkRef({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs text-muted-foreground" title={id}>
      #{shortKey(id)}
    </span>
  );
}

function MovementTable({ movements }: { movements: CreditMovement[] }) {
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Credit movements, newest first</caption>
        <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Date
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              What
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Feature
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {movements.map((movement) => (
            <tr key={movement.id} className="border-b border-border/70 last:border-0">
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                <time dateTime={movement.at}>{formatDateTime(movement.at)}</time>
              </td>
              <td className="px-4 py-3">
                {movementLabel(movement)} <WorkRef id={movement.key} />
                <Note note={movement.note} />
              </td>
              <td className="px-4 py-3 text-muted-foreground">{FEATURE_LABELS[movement.feature]}</td>
              <td className="px-4 py-3 text-right">
                <Amount movement={movement} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MovementCards({ movements }: { movements: CreditMovement[] }) {
  return (
    <ul aria-label="Credit movements, newest first" className="flex flex-col gap-2">
      {movements.map((movement) => (
        <li key={movement.id} className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4">
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-medium">{movementLabel(movement)}</span>
            <Amount movement={movement} />
          </div>
          <Note note={movement.note} />
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm text-muted-foreground">
            <time dateTime={movement.at}>{formatDateTime(movement.at)}</time>
            <span aria-hidden="true">·</span>
            <span>{FEATURE_LABELS[movement.feature]}</span>
            <WorkRef id={movement.key} />
          </div>
        </li>
      ))}
    </ul>
  );
}
