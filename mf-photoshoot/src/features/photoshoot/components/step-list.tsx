import { cn } from '@atelier/ui';
import { WIZARD_STEPS } from '../../../constants';

/** Each step shown as completed, current or pending. */
export function StepList({ current }: { current: number }) {
  return (
    <ol aria-label="Steps" className="flex gap-1 sm:gap-2">
      {WIZARD_STEPS.map((step, index) => {
        const number = index + 1;
        const state = number < current ? 'completed' : number === current ? 'current' : 'pending';
        return (
          <li
            key={step.id}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
            className={cn(
              'flex items-center gap-2 rounded-md px-2 py-1.5 text-xs sm:flex-1',
              state === 'current' && 'flex-1',
              state === 'current' && 'bg-ink text-ivory',
              state === 'completed' && 'text-foreground',
              state === 'pending' && 'text-muted-foreground',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-[0.65rem]',
                state === 'current' ? 'border-ivory' : 'border-border',
                state === 'completed' && 'border-ink bg-ink text-ivory',
              )}
            >
              {state === 'completed' ? '✓' : number}
            </span>
            {/* On a phone only the current step is named; the others are their numbers. */}
            <span className={cn(state !== 'current' && 'sr-only sm:not-sr-only')}>{step.label}</span>
            <span className="sr-only">({state})</span>
          </li>
        );
      })}
    </ol>
  );
}
