import type { CanvasEdit } from '@atelier/contracts';
import { Button, cn, Spinner } from '@atelier/ui';
import { useId } from 'react';
import { TEXTS } from '../../../constants';
import { useRecentEdits } from '../api/get-canvas-edits';

interface RecentEditsProps {
  /** The edit whose result is on the canvas, if any. */
  currentId: string | null;
  disabled: boolean;
  onSelect(edit: CanvasEdit): void;
  className?: string;
}

/** The user's latest edit results (GET /api/canvas/edits): choosing one puts it back on the canvas. */
export function RecentEdits({ currentId, disabled, onSelect, className }: RecentEditsProps) {
  const headingId = useId();
  const edits = useRecentEdits();
  return (
    <section aria-labelledby={headingId} className={cn('flex min-w-0 flex-col gap-3', className)}>
      <h2 id={headingId} className="border-b border-border pb-2 font-display text-2xl">
        {TEXTS.recentEdits}
      </h2>
      {edits.isLoading ? (
        <div className="flex items-center gap-3">
          <Spinner label="Loading your recent edits" className="text-muted-foreground" />
          <div className="flex gap-3" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-24 w-20 animate-pulse rounded-lg bg-muted md:h-28 md:w-24" />
            ))}
          </div>
        </div>
      ) : edits.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          {TEXTS.recentEditsFailed}
          <Button variant="outline" size="sm" onClick={() => void edits.refetch()}>
            Retry
          </Button>
        </div>
      ) : !edits.data?.length ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">{TEXTS.recentEditsEmpty}</p>
      ) : (
        <ul className="-mx-1 flex gap-3 overflow-x-auto px-1 pb-2 pt-1">
          {edits.data.map((edit) => {
            const current = edit.id === currentId;
            return (
              <li key={edit.id} className="shrink-0">
                <button
                  type="button"
                  disabled={disabled}
                  aria-pressed={current}
                  aria-label={`Show edit: ${edit.prompt}`}
                  title={edit.prompt}
                  onClick={() => onSelect(edit)}
                  className={cn(
                    'block h-24 w-20 cursor-pointer overflow-hidden rounded-lg border bg-muted transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 md:h-28 md:w-24',
                    current ? 'border-ink ring-2 ring-ink' : 'border-border hover:border-ink/50',
                  )}
                >
                  <img src={edit.outputImageUrl ?? ''} alt="" loading="lazy" className="h-full w-full object-cover" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
