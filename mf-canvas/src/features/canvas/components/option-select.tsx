import { cn } from '@atelier/ui';
import { useId } from 'react';
import { ChevronDownIcon } from './icons';

export interface SelectOption {
  value: string;
  /** The option's full name, e.g. "Leica M11 35mm f/1.4". */
  label: string;
  /** A second, quieter line, e.g. a model's tagline. */
  detail?: string;
}

interface OptionSelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  disabled?: boolean;
  className?: string;
}

/**
 * A native select (the phone's own picker, keyboard and screen readers for free) whose chosen option is drawn
 * as wrapping text beneath it: a native select cuts its value to one line ("Flux Kont…", "Leica M11…").
 */
export function OptionSelect({ label, value, onChange, options, disabled = false, className }: OptionSelectProps) {
  const id = useId();
  const chosen = options.find((option) => option.value === value) ?? options[0];
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-[11px] font-medium uppercase tracking-[0.18em] text-muted-foreground">
        {label}
      </label>
      <div
        className={cn(
          'relative rounded-xl border border-border bg-background transition-colors focus-within:border-ink focus-within:ring-2 focus-within:ring-ring/40',
          disabled ? 'opacity-60' : 'hover:border-ink/50',
        )}
      >
        <div aria-hidden="true" className="flex min-h-11 flex-col justify-center py-2 pl-3.5 pr-9 text-sm leading-snug">
          <span className="font-medium break-words">{chosen?.label}</span>
          {chosen?.detail && <span className="text-xs text-muted-foreground">{chosen.detail}</span>}
        </div>
        <ChevronDownIcon className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
        <select
          id={id}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.detail ? `${option.label} (${option.detail})` : option.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
