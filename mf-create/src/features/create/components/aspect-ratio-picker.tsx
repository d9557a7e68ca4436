import type { AspectRatio } from '@atelier/contracts';
import { cn } from '@atelier/ui';
import { ASPECT_RATIOS } from '../../../constants';

/** The image's aspect ratio as a radio group of small frames. */
export function AspectRatioPicker({ value, onChange }: { value: AspectRatio; onChange(value: AspectRatio): void }) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-[11px] font-medium uppercase tracking-[0.18em] text-muted-foreground sm:mb-3">Aspect ratio</legend>
      {/* One row on phones too: the room goes to the presets below. */}
      <div className="grid grid-cols-6 gap-1.5 sm:gap-2">
        {ASPECT_RATIOS.map((ratio) => {
          const scale = 22 / Math.max(ratio.width, ratio.height);
          return (
            <label
              key={ratio.value}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-1 rounded-lg border px-0.5 py-2 text-[11px] sm:gap-1.5 sm:px-2 sm:py-2.5 sm:text-xs transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                value === ratio.value ? 'border-ink bg-ink text-ivory' : 'border-border bg-card hover:border-ink/50',
              )}
            >
              <input
                type="radio"
                name="aspect-ratio"
                value={ratio.value}
                checked={value === ratio.value}
                onChange={() => onChange(ratio.value)}
                aria-label={ratio.label}
                className="sr-only"
              />
              <span className="flex h-6 items-center" aria-hidden="true">
                <span
                  className="block rounded-[3px] border-[1.5px] border-current"
                  style={{ width: ratio.width * scale, height: ratio.height * scale }}
                />
              </span>
              <span className="font-medium tabular-nums">{ratio.value}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
