import type { Generation } from '@atelier/contracts';
import { cn } from '@atelier/ui';

/** Says honestly which engine made a result: the offline local engine, or fal's hosted models. */
export function EngineBadge({ engine, className }: { engine: Generation['engine']; className?: string }) {
  if (engine !== 'local') return null;
  return (
    <span
      title="Made offline by the local engine on this server, not by a hosted AI model"
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-ink/75 px-2 py-0.5 text-[10px] font-medium tracking-wide text-ivory backdrop-blur',
        className,
      )}
    >
      <span className="h-1.5 w-1.5 rounded-full bg-accent-soft" aria-hidden="true" />
      {/* In a narrow card (a phone's two columns) "Local" alone, so the kind beside it is read whole ("DRESS UP"). */}
      Local<span className="@max-[12.5rem]:hidden"> engine</span>
    </span>
  );
}

export const engineDescription = (engine: Generation['engine']) =>
  engine === 'local' ? 'Local engine (offline, on this server)' : engine === 'fal' ? 'fal.ai hosted model' : 'Not started yet';
