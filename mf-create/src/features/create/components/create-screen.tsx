import { Button } from '@atelier/ui';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CREATE_TABS, creditsLabel, type CreateTab } from '../../../constants';

/** The shared creation screen of /app/image, /app/video and /app/dress-up, switched by the tab. */
export function CreateScreen({ tab }: { tab: CreateTab }) {
  const config = CREATE_TABS[tab];
  const promptId = useId();
  const [prompt, setPrompt] = useState('');
  const [searchParams] = useSearchParams();
  // /app/video and /app/dress-up accept ?imageUrl= as their start (or person) image.
  const imageUrl = config.imageLabel ? searchParams.get('imageUrl') : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 lg:py-10">
      <h1 className="flex items-center gap-3 font-display text-3xl md:text-4xl">
        {config.heading}
        {config.tag && (
          <span className="rounded-full bg-accent-soft px-2 py-0.5 font-sans text-xs font-medium text-accent">{config.tag}</span>
        )}
      </h1>

      {imageUrl && (
        <figure className="flex flex-col gap-2">
          <img src={imageUrl} alt={config.imageLabel} className="max-h-72 w-fit rounded-lg border border-border object-contain" />
          <figcaption className="text-xs text-muted-foreground">{config.imageLabel}</figcaption>
        </figure>
      )}

      <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-soft">
        <label htmlFor={promptId} className="text-sm font-medium">
          {config.promptLabel}
        </label>
        <textarea
          id={promptId}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          rows={4}
          placeholder={config.promptPlaceholder}
          className="w-full resize-y rounded-md border border-border bg-background p-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <div className="flex justify-end">
          {/* Generation jobs arrive with the create service; until then the button stays disabled. */}
          <Button size="lg" disabled>
            Generate · {creditsLabel(config.creditCost)}
          </Button>
        </div>
      </div>
    </div>
  );
}
