import type { GenerationType } from '@atelier/contracts';
import { Progress } from '@atelier/ui';
import { useGenerationProgress, type ProgressPhase } from '../hooks/use-generation-progress';
import { progressLabel } from '../utils/progress';

/** SPEC §4's progress bar for the tab's running generation; hidden while at 0. */
export function GenerationProgress({ type, phase, tickMs }: { type: GenerationType; phase: ProgressPhase; tickMs: number }) {
  const { value, loading } = useGenerationProgress(phase, tickMs);
  if (value <= 0) return null;
  const label = progressLabel(type, value, loading);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between text-xs">
        {/* The label is announced when it changes; the number is not (it changes every tick). */}
        <span className="font-medium" aria-live="polite">
          {label}
        </span>
        <span className="tabular-nums text-muted-foreground" aria-hidden="true">
          {value}%
        </span>
      </div>
      <Progress value={value} aria-label={label} className="h-1" />
    </div>
  );
}
