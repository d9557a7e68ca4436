import type { Generation } from '@atelier/contracts';
import { Button, cn, Spinner } from '@atelier/ui';
import { useId, useState } from 'react';
import { isInFlight } from '../api/get-generations';
import { EngineBadge } from './engine-badge';
import { generationTitle } from './generation-viewer';
import { PlayIcon, SparkIcon } from './icons';

interface GalleryProps {
  items: readonly Generation[];
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore(): void;
  onOpen(generation: Generation): void;
}

/** The user's generations, newest first. */
const FILTERS = [
  { label: 'All', type: null },
  { label: 'Images', type: 'image' },
  { label: 'Videos', type: 'video' },
  { label: 'Dress Up', type: 'dressup' },
  { label: 'Photoshoot', type: 'photoshoot' },
  { label: 'Canvas', type: 'canvas' },
  { label: 'Upscale', type: 'upscale' },
] as const;

export function Gallery({ items: all, isLoading, isError, onRetry, hasNextPage, isFetchingNextPage, onLoadMore, onOpen }: GalleryProps) {
  const headingId = useId();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['type']>(null);
  const items = filter ? all.filter((generation) => generation.type === filter) : all;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-2 border-b border-border pb-3 sm:flex-row sm:items-end sm:justify-between sm:gap-3">
        <h2 id={headingId} className="font-display text-2xl md:text-3xl">
          Your creations
        </h2>
        {all.length > 0 && (
          <div role="group" aria-label="Show" className="flex flex-wrap gap-x-4 gap-y-1 sm:justify-end">
            {FILTERS.map((option) => (
              <button
                key={option.label}
                type="button"
                aria-pressed={filter === option.type}
                onClick={() => setFilter(option.type)}
                className={cn(
                  'rounded-sm pb-0.5 text-xs uppercase tracking-[0.14em] transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  filter === option.type ? 'border-b border-ink text-foreground' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        )}
      </div>

      {isLoading ? (
        <div className="flex flex-col gap-4">
          <Spinner label="Loading your creations" className="text-muted-foreground" />
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="aspect-[2/3] animate-pulse rounded-xl bg-muted" />
            ))}
          </div>
        </div>
      ) : isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-card p-6">
          <p className="font-display text-xl">Your creations could not be loaded.</p>
          <p className="text-sm text-muted-foreground">Check your connection and try again.</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : all.length > 0 && items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-6 py-12 text-center text-sm text-muted-foreground">
          None of this kind yet.
        </p>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-card text-accent shadow-soft">
            <SparkIcon className="h-5 w-5" />
          </span>
          <p className="font-display text-2xl">Nothing here yet</p>
          <p className="max-w-xs text-sm text-muted-foreground">Your images and videos will appear here as soon as they are ready.</p>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
            {items.map((generation) => (
              <li key={generation.id}>
                <GalleryTile generation={generation} onOpen={() => onOpen(generation)} />
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <Button variant="outline" className="self-center" onClick={onLoadMore} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function GalleryTile({ generation, onOpen }: { generation: Generation; onOpen(): void }) {
  const title = generationTitle(generation);
  const frame = 'relative block aspect-[2/3] w-full overflow-hidden rounded-xl border border-border bg-muted';

  if (isInFlight(generation)) {
    return (
      <div className={cn(frame, 'flex flex-col items-center justify-center gap-2 p-3 text-center')}>
        <div className="absolute inset-0 animate-pulse bg-linear-to-b from-muted to-ivory-deep" aria-hidden="true" />
        <Spinner label={`${title} in progress`} className="relative text-ink/70" />
        <span className="relative text-xs font-medium">{generation.status === 'queued' ? 'Queued' : 'Generating…'}</span>
        <span className="relative line-clamp-2 text-[11px] text-muted-foreground">{generation.prompt}</span>
      </div>
    );
  }

  if (generation.status === 'failed' || !(generation.imageUrl || generation.videoUrl)) {
    return (
      <div className={cn(frame, 'flex flex-col items-center justify-center gap-1 bg-card p-3 text-center')}>
        <span className="text-xs font-medium text-destructive">{title} failed</span>
        <span className="line-clamp-3 text-[11px] text-muted-foreground">{generation.errorMessage ?? 'Generation failed'}</span>
        <span className="text-[11px] text-muted-foreground">Credits refunded</span>
      </div>
    );
  }

  // Nothing sits on the picture: a local image's masthead runs along its top and its own caption along its
  // bottom, so the kind, the engine and the prompt go in a line under it. The whole picture shows (contain):
  // a 2:3 tile fills, wider or taller ratios sit on the tile's muted ground instead of losing their edges.
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Open ${title.toLowerCase()}: ${generation.prompt || 'untitled'}`}
      className="group flex w-full flex-col gap-1.5 rounded-xl text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <span className={cn(frame, 'transition-shadow group-hover:shadow-soft')}>
        {generation.videoUrl ? (
          // The source image is the poster: phones (iOS Safari) paint nothing from preload="metadata" alone.
          <video
            src={generation.videoUrl}
            poster={generation.imageUrl ?? undefined}
            muted
            playsInline
            preload="metadata"
            className="h-full w-full object-contain"
            aria-hidden="true"
          />
        ) : (
          <img
            src={generation.imageUrl!}
            alt=""
            loading="lazy"
            className="h-full w-full object-contain transition-transform duration-700 group-hover:scale-[1.03]"
          />
        )}
      </span>
      <span className="flex flex-wrap items-center gap-1 px-0.5">
        <span className="inline-flex items-center gap-1 rounded-full bg-card px-2 py-0.5 text-[10px] font-medium uppercase tracking-[0.12em] text-ink ring-1 ring-border">
          {generation.videoUrl && <PlayIcon className="h-2.5 w-2.5" />}
          {title}
        </span>
        <EngineBadge engine={generation.engine} />
      </span>
      {generation.prompt && <span className="line-clamp-1 px-0.5 text-[11px] leading-snug text-muted-foreground">{generation.prompt}</span>}
    </button>
  );
}
