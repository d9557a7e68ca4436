import { revealIfOutside, Spinner } from '@atelier/ui';
import { useEffect, useRef } from 'react';
import { formatElapsed, useElapsedSeconds } from '../hooks/use-elapsed';

/**
 * Over the image while it is being worked on: what is happening, for how long, and an indeterminate bar. On a phone
 * the image sits above the form the edit was started from: the progress is scrolled into view (and the result then
 * lands where the user is looking).
 */
export function EditProgress({ label, startedAt }: { label: string; startedAt: number }) {
  const seconds = useElapsedSeconds(startedAt);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) revealIfOutside(ref.current);
  }, []);
  return (
    <div ref={ref} className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-3 bg-ivory/75 p-4 text-center backdrop-blur-[2px]">
      <Spinner label={label} className="text-ink" />
      <p className="flex items-baseline gap-2 text-sm font-medium">
        {label}…<span className="font-normal tabular-nums text-muted-foreground">{formatElapsed(seconds)}</span>
      </p>
      <div className="h-1 w-48 overflow-hidden rounded-full bg-ink/10" aria-hidden="true">
        <div className="h-full w-1/3 animate-canvas-progress rounded-full bg-accent" />
      </div>
    </div>
  );
}
