import { Progress } from '@atelier/ui';

interface GenerationProgressProps {
  label: string;
  current: number;
  total: number;
  message: string | null;
  /** A quiet line under the bar (how long it usually takes). */
  note?: string;
}

/** A labelled bar with `current / total` and the run's message, announced politely. */
export function GenerationProgress({ label, current, total, message, note }: GenerationProgressProps) {
  const percent = total > 0 ? Math.round((current / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {current} / {total}
        </span>
      </div>
      <Progress value={percent} aria-label={label} aria-valuetext={`${current} of ${total}`} />
      <p aria-live="polite" className="min-h-5 text-xs text-muted-foreground">
        {message}
        {note && <span className="ml-1 opacity-80">{note}</span>}
      </p>
    </div>
  );
}
