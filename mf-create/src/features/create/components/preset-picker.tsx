import type { Preset } from '@atelier/contracts';
import { Button, cn, Spinner } from '@atelier/ui';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { groupByStyle, usePresets } from '../api/get-presets';
import { useMoreToScroll } from '../hooks/use-more-to-scroll';
import { CheckIcon } from './icons';

interface PresetPickerProps {
  value: string | null;
  onChange(presetId: string | null): void;
}

const ALL = 'All';

/** The presets of GET /api/presets, grouped by style, with thumbnails; choosing one again clears it. */
export function PresetPicker({ value, onChange }: PresetPickerProps) {
  const headingId = useId();
  const { data: presets, isLoading, isError, refetch } = usePresets();
  const groups = useMemo(() => groupByStyle(presets ?? []), [presets]);
  const [style, setStyle] = useState(ALL);
  const styleRow = useMoreToScroll<HTMLDivElement>();
  const selected = presets?.find((preset) => preset.id === value) ?? null;
  const shown = style === ALL ? groups : groups.filter((group) => group.style === style);
  // One tab stop for all the tiles (the chosen one, else the last one moved to, else the first); arrow keys move
  // between them, four to a row — forty presets were forty Tab presses between the prompt and Generate.
  const tiles = useRef<HTMLDivElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const visible = shown.flatMap((group) => group.presets);
  const tabStop = [value, activeId].find((id) => id && visible.some((preset) => preset.id === id)) ?? visible[0]?.id;
  const onTilesKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(tiles.current?.querySelectorAll<HTMLButtonElement>('[data-preset-id]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, ArrowDown: at + COLUMNS, ArrowUp: at - COLUMNS, Home: 0, End: buttons.length - 1 };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const target = buttons[Math.max(0, Math.min(buttons.length - 1, to))]!;
    target.focus();
    setActiveId(target.dataset.presetId ?? null);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-[11px] font-medium uppercase tracking-[0.18em] text-muted-foreground">
          Preset
        </h2>
        {selected ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="rounded text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Clear {selected.name}
          </button>
        ) : (
          <span className="text-xs text-muted-foreground">Optional</span>
        )}
      </div>

      {isLoading ? (
        <div className="flex flex-col gap-3">
          <Spinner label="Loading presets" className="h-5 w-5 text-muted-foreground" />
          <div className="grid grid-cols-4 gap-2" aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="aspect-[3/4] animate-pulse rounded-lg bg-muted" />
            ))}
          </div>
        </div>
      ) : isError ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-border bg-background p-3 text-sm">
          <span>Presets could not be loaded.</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
          No presets yet. Your prompt alone sets the look.
        </p>
      ) : (
        <>
          <div ref={styleRow.ref} role="group" aria-label="Preset styles" className={cn('-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1', styleRow.fade)}>
            {[ALL, ...groups.map((group) => group.style)].map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={style === name}
                onClick={() => setStyle(name)}
                className={cn(
                  'shrink-0 rounded-full border px-3 py-1 text-xs transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  style === name ? 'border-ink bg-ink text-ivory' : 'border-border bg-card hover:border-ink/60',
                )}
              >
                {name}
              </button>
            ))}
          </div>
          <div ref={tiles} onKeyDown={onTilesKeyDown} className="flex max-h-[22rem] flex-col gap-4 overflow-y-auto overscroll-contain pr-1">
            {shown.map((group) => (
              <div key={group.style} role="group" aria-label={group.style} className="flex flex-col gap-2">
                <h3 className="font-display text-base">{group.style}</h3>
                {/* Four across on phones too (COLUMNS): smaller tiles, so more than one row shows above the Generate bar. */}
                <div className="grid grid-cols-4 gap-2">
                  {group.presets.map((preset) => (
                    <PresetTile
                      key={preset.id}
                      preset={preset}
                      selected={preset.id === value}
                      tabbable={preset.id === tabStop}
                      onSelect={() => onChange(preset.id === value ? null : preset.id)}
                    />
                  ))}
                </div>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** Tiles to a row (the arrow keys' up and down). */
const COLUMNS = 4;

function PresetTile({ preset, selected, tabbable, onSelect }: { preset: Preset; selected: boolean; tabbable: boolean; onSelect(): void }) {
  return (
    <button
      type="button"
      data-preset-id={preset.id}
      tabIndex={tabbable ? 0 : -1}
      aria-pressed={selected}
      title={preset.prompt}
      onClick={onSelect}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-lg border bg-card text-left transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        selected ? 'border-ink ring-1 ring-ink' : 'border-border hover:border-ink/50',
      )}
    >
      <span className="block aspect-[3/4] w-full overflow-hidden bg-muted">
        <img
          src={preset.thumbnailUrl}
          alt=""
          loading="lazy"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
      </span>
      <span className="truncate px-1.5 py-1 text-[11px] font-medium sm:px-2 sm:py-1.5">{preset.name}</span>
      {selected && (
        <span className="absolute right-1.5 top-1.5 flex h-5 w-5 items-center justify-center rounded-full bg-ink text-ivory">
          <CheckIcon className="h-3 w-3" />
        </span>
      )}
    </button>
  );
}
