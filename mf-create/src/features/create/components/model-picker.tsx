import { Link } from '@atelier/host';
import type { VideoModel } from '@atelier/contracts';
import { cn } from '@atelier/ui';
import { useEffect, useRef } from 'react';
import { MESSAGES, PREMIUM_BADGE, VIDEO_MODELS } from '../../../constants';
import { LockIcon } from './icons';

interface ModelPickerProps {
  value: VideoModel;
  onChange(model: VideoModel): void;
  /** Whether the user's plan includes the premium models (Advanced and Pro). */
  premiumAllowed: boolean;
  /** The upgrade note has appeared (a premium model chosen on a plan without it): the form keeps it in view. */
  onNoteShown?(note: HTMLElement): void;
}

/** The video model: Wan 2.5 for everyone, VEO 3.1 and SORA 2 for Advanced and Pro. */
export function ModelPicker({ value, onChange, premiumAllowed, onNoteShown }: ModelPickerProps) {
  const chosen = VIDEO_MODELS.find((model) => model.value === value);
  const needsUpgrade = Boolean(chosen?.premium) && !premiumAllowed;
  const note = useRef<HTMLParagraphElement>(null);
  const shown = useRef(onNoteShown);
  shown.current = onNoteShown;
  useEffect(() => {
    if (needsUpgrade && note.current) shown.current?.(note.current);
  }, [needsUpgrade]);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-3 text-[11px] font-medium uppercase tracking-[0.18em] text-muted-foreground">Model</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {VIDEO_MODELS.map((model) => {
          const selected = model.value === value;
          const locked = model.premium && !premiumAllowed;
          return (
            <label
              key={model.value}
              className={cn(
                'relative flex cursor-pointer flex-col gap-1 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                selected ? 'border-ink bg-ink text-ivory' : 'border-border bg-card hover:border-ink/50',
              )}
            >
              <input
                type="radio"
                name="video-model"
                value={model.value}
                checked={selected}
                onChange={() => onChange(model.value)}
                className="sr-only"
              />
              <span className="flex items-center justify-between gap-2">
                <span className="font-display text-lg leading-none">{model.label}</span>
                {locked && <LockIcon className="h-3.5 w-3.5 opacity-70" />}
              </span>
              <span className={cn('text-xs', selected ? 'text-ivory/75' : 'text-muted-foreground')}>{model.description}</span>
              {model.premium && (
                <span
                  className={cn(
                    'mt-auto w-fit whitespace-nowrap rounded-full px-2 py-0.5 text-[10px] font-medium',
                    selected ? 'bg-ivory/15 text-ivory' : 'bg-accent-soft text-accent',
                  )}
                >
                  {PREMIUM_BADGE}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {needsUpgrade && (
        <p ref={note} role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-accent-soft px-3 py-2.5 text-sm text-ink">
          <span>{MESSAGES.premiumHint}</span>
          <Link
            to="/pricing"
            className="rounded font-medium text-accent underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Upgrade to unlock
          </Link>
        </p>
      )}
    </fieldset>
  );
}
