import type { Generation, GenerationType } from '@atelier/contracts';
import { Button, cn, Spinner } from '@atelier/ui';
import { useCallback, useId, useRef, useState } from 'react';
import { DRESS_UP_CAPTION, DRESS_UP_PENDING_CAPTION } from '../../../constants';
import { isInFlight } from '../api/get-generations';
import { useMediaQuery, useReducedMotion } from '../hooks/use-media-query';
import { generationRatio, placeInColumns, tileStyle, type Ratio } from '../utils/masonry';
import { groupPhotoSets, setCaption } from '../utils/photo-sets';
import { useMoreToScroll } from '../hooks/use-more-to-scroll';
import { EngineBadge } from './engine-badge';
import { generationTitle } from './generation-viewer';
import { PicturesIcon, PlayIcon } from './icons';

interface GalleryProps {
  items: readonly Generation[];
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore(): void;
  /** Opens a generation; a photoshoot's set opens at its first photo with the others beside it. */
  onOpen(generation: Generation, set: readonly Generation[] | null): void;
  /** Removes a failed generation's card. */
  onRemove(generation: Generation): void;
  /** The generation being deleted, if any. */
  removing: string | null;
}

/**
 * One filter per kind of output, in this order: a kind added to the contract does not compile until it is
 * named here. (Types only: a value from the contracts package would bring zod into the remote's bundle.)
 */
const FILTER_LABELS: Record<GenerationType, string> = {
  image: 'Images',
  video: 'Videos',
  dressup: 'Dress Up',
  photoshoot: 'Photoshoot',
  canvas: 'Canvas',
  upscale: 'Upscale',
};
const FILTERS: readonly { label: string; type: GenerationType | null }[] = [
  { label: 'All', type: null },
  ...(Object.keys(FILTER_LABELS) as GenerationType[]).map((type) => ({ label: FILTER_LABELS[type], type })),
];

/** The user's generations, newest first, with a filter by kind. */
export function Gallery({ items: all, isLoading, isError, onRetry, hasNextPage, isFetchingNextPage, onLoadMore, onOpen, onRemove, removing }: GalleryProps) {
  const headingId = useId();
  const [filter, setFilter] = useState<GenerationType | null>(null);
  const filterRow = useMoreToScroll<HTMLDivElement>();
  const items = filter ? all.filter((generation) => generation.type === filter) : all;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-2 border-b border-border pb-3 sm:flex-row sm:items-end sm:justify-between sm:gap-3">
        {/* Focus comes here when the card that had it is deleted (it would fall to the top of the page). */}
        <h2 id={headingId} tabIndex={-1} data-creations-heading="" className="font-display text-2xl focus:outline-none md:text-3xl">
          Your creations
        </h2>
        {all.length > 0 && (
          // One line on phones, scrolled sideways: the pictures start higher up.
          <div
            ref={filterRow.ref}
            role="group"
            aria-label="Show"
            className={cn(
              '-mx-1 flex gap-x-4 gap-y-1 overflow-x-auto px-1 pb-1 sm:mx-0 sm:flex-wrap sm:justify-end sm:overflow-visible sm:px-0 sm:pb-0',
              filterRow.fade,
            )}
          >
            {FILTERS.map((option) => (
              <button
                key={option.label}
                type="button"
                aria-pressed={filter === option.type}
                onClick={() => setFilter(option.type)}
                className={cn(
                  // 28 px tall: a finger's target on a phone (the text alone was 19 px); the line under the chosen one
                  // is always there, transparent when not chosen, so choosing moves nothing.
                  'shrink-0 whitespace-nowrap rounded-sm border-b border-transparent py-1.5 text-xs uppercase tracking-[0.14em] transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  filter === option.type ? 'border-ink text-foreground' : 'text-muted-foreground hover:text-foreground',
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
            <PicturesIcon className="h-5 w-5" />
          </span>
          <p className="font-display text-2xl">Nothing here yet</p>
          <p className="max-w-xs text-sm text-muted-foreground">Your images and videos will appear here as soon as they are ready.</p>
        </div>
      ) : (
        <MasonryList items={items} onOpen={onOpen} onRemove={onRemove} removing={removing} />
      )}
      {!isLoading && !isError && hasNextPage && (
        <Button variant="outline" className="self-center" onClick={onLoadMore} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </section>
  );
}


/** Tile geometry: the caption strip under each picture and the gap between tiles (the layout computes with both). */
const CAPTION_HEIGHT = '2.875rem';
const TILE_GAP = '0.75rem';

/** Phones 2 columns, tablets 3, desktops 4 (Tailwind's md and xl). */
function useColumnCount() {
  const tablet = useMediaQuery('(min-width: 48rem)');
  const desktop = useMediaQuery('(min-width: 80rem)');
  return desktop ? 4 : tablet ? 3 : 2;
}

/**
 * The tiles at their own ratios in columns (masonry). The list stays in newest-first order in the page, so
 * reading and Tab follow it; each tile is placed in the column that is shortest so far (see placeInColumns).
 */
function MasonryList({ items, onOpen, onRemove, removing }: Pick<GalleryProps, 'items' | 'onOpen' | 'onRemove' | 'removing'>) {
  const columnCount = useColumnCount();
  // Older results carry no size: their pictures' own, once loaded.
  const [natural, setNatural] = useState<Record<string, Ratio>>({});
  const onNaturalSize = useCallback((id: string, width: number, height: number) => {
    if (width > 0 && height > 0) setNatural((known) => (known[id] ? known : { ...known, [id]: { width, height } }));
  }, []);
  const entries = groupPhotoSets(items);
  const ratios = entries.map(({ cover }) => generationRatio(cover, natural[cover.id]));
  const layout = placeInColumns(ratios, columnCount);
  const metrics = { columnCount, caption: CAPTION_HEIGHT, gap: TILE_GAP };

  return (
    // The wrapper is the size container the positions are computed from (cqw).
    <div style={{ containerType: 'inline-size' }}>
      <ul className="grid" data-columns={columnCount}>
        {entries.map(({ cover: generation, set }, index) => (
          <li
            key={generation.id}
            style={tileStyle(layout.placements[index]!, metrics)}
            data-column={layout.placements[index]!.column}
            data-generation-id={generation.id}
          >
            <GalleryTile
              generation={generation}
              setSize={set?.length ?? null}
              ratio={ratios[index]!}
              onOpen={() => onOpen(generation, set)}
              onRemove={() => onRemove(generation)}
              removing={removing === generation.id}
              onNaturalSize={onNaturalSize}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

interface GalleryTileProps {
  generation: Generation;
  /** The number of photos when the tile stands for a photoshoot's set. */
  setSize: number | null;
  ratio: Ratio;
  onOpen(): void;
  onRemove(): void;
  removing: boolean;
  onNaturalSize(id: string, width: number, height: number): void;
}

function GalleryTile({ generation, setSize, ratio, onOpen, onRemove, removing, onNaturalSize }: GalleryTileProps) {
  const title = generationTitle(generation);
  const reducedMotion = useReducedMotion();
  const videoRef = useRef<HTMLVideoElement>(null);
  const frame = 'relative block w-full shrink-0 overflow-hidden rounded-xl border border-border bg-muted';
  const frameStyle = { aspectRatio: `${ratio.width} / ${ratio.height}` };
  const needsNaturalSize = !(generation.width && generation.height) && !generation.aspectRatio;

  // A video tile plays a muted preview while pointed at or focused; never by itself when motion is reduced.
  const preview = (play: boolean) => {
    const video = videoRef.current;
    if (!video) return;
    if (!play) return video.pause();
    if (reducedMotion) return;
    // play() is refused until the user has interacted with the page in some browsers: the poster stays.
    void Promise.resolve(video.play()).catch(() => {});
  };

  if (isInFlight(generation)) {
    return (
      <div className="flex flex-col">
        <div className={cn(frame, 'flex flex-col items-center justify-center gap-2 p-3 text-center')} style={frameStyle}>
          <div className="absolute inset-0 animate-pulse bg-linear-to-b from-muted to-ivory-deep" aria-hidden="true" />
          <Spinner label={`${title} in progress`} className="relative text-ink/70" />
          <span className="relative text-xs font-medium">{generation.status === 'queued' ? 'Queued' : 'Generating…'}</span>
        </div>
        <TileCaption generation={generation} title={title} />
      </div>
    );
  }

  if (generation.status === 'failed' || !(generation.imageUrl || generation.videoUrl)) {
    return (
      <div className="flex flex-col">
        <div className={cn(frame, 'flex flex-col items-center justify-center gap-1 overflow-hidden bg-card p-3 text-center')} style={frameStyle}>
          <span className="text-xs font-medium text-destructive">{title} failed</span>
          <span className="line-clamp-2 text-[11px] text-muted-foreground">{generation.errorMessage ?? 'Generation failed'}</span>
          {/* Net of a charge and its refund, and true of a start refused before any charge (account unreachable). */}
          <span className="text-[11px] text-muted-foreground">No credits spent</span>
          {generation.status === 'failed' && (
            <button
              type="button"
              onClick={onRemove}
              disabled={removing}
              aria-label={`Remove failed ${title.toLowerCase()}: ${generation.prompt || untitledCaption(generation).toLowerCase()}`}
              className="mt-1 rounded px-2 py-1 text-[11px] font-medium underline underline-offset-4 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
            >
              {removing ? 'Removing…' : 'Remove'}
            </button>
          )}
        </div>
        <TileCaption generation={generation} title={title} />
      </div>
    );
  }

  // Nothing sits on the picture: a local image's masthead runs along its top and its own caption along its
  // bottom, so the kind, the engine and the prompt go in a line under it. The box has the picture's own
  // ratio, so the whole picture fills it: no bars, no cropping.
  return (
    <button
      type="button"
      onClick={onOpen}
      onMouseEnter={() => preview(true)}
      onMouseLeave={() => preview(false)}
      onFocus={() => preview(true)}
      onBlur={() => preview(false)}
      aria-label={
        setSize
          ? `Open ${lowerFirst(setCaption(generation.prompt))}: ${setSize} photos`
          : `Open ${title.toLowerCase()}: ${generation.prompt || untitledCaption(generation).toLowerCase()}`
      }
      className="group flex w-full flex-col rounded-xl text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <span className={cn(frame, 'transition-shadow group-hover:shadow-soft')} style={frameStyle}>
        {generation.videoUrl ? (
          // The source image is the poster: phones (iOS Safari) paint nothing from preload="metadata" alone.
          <video
            ref={videoRef}
            src={generation.videoUrl}
            poster={generation.thumbnailUrl ?? generation.imageUrl ?? undefined}
            muted
            loop
            playsInline
            preload="metadata"
            onLoadedMetadata={(event) =>
              needsNaturalSize && onNaturalSize(generation.id, event.currentTarget.videoWidth, event.currentTarget.videoHeight)
            }
            className="h-full w-full object-cover"
            aria-hidden="true"
          />
        ) : (
          // The thumbnail (~30 KB) when there is one: the picture itself is ~2.5 MB, and the viewer shows it.
          <img
            src={generation.thumbnailUrl ?? generation.imageUrl!}
            alt=""
            loading="lazy"
            onLoad={(event) =>
              needsNaturalSize && onNaturalSize(generation.id, event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)
            }
            className="h-full w-full object-cover transition-transform duration-700 group-hover:scale-[1.03]"
          />
        )}
      </span>
      <TileCaption generation={generation} title={title} setSize={setSize} />
    </button>
  );
}

/** "Photoshoot · Maya" → "photoshoot · Maya": the kind in lower case in a sentence, the character's name as it is. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** What a generation without a prompt is called: a dress-up by its garment (tried on only once it completed). */
function untitledCaption(generation: Generation): string {
  if (generation.type !== 'dressup') return 'Untitled';
  return generation.status === 'completed' ? DRESS_UP_CAPTION : DRESS_UP_PENDING_CAPTION;
}

/**
 * The strip under a picture, always the same height (the layout counts on it): the tags on one line (the
 * kind, the engine), then one line of the prompt, or for a dress-up the garment that was tried on.
 */
function TileCaption({ generation, title, setSize = null }: { generation: Generation; title: string; setSize?: number | null }) {
  const garment = generation.type === 'dressup' ? generation.inputs.garment : undefined;
  return (
    <span className="@container flex min-w-0 flex-col gap-0.5 overflow-hidden px-0.5 pt-1.5" style={{ height: CAPTION_HEIGHT }}>
      {/* In a narrow card the engine says "Local" (EngineBadge); narrower still the kind gives way, never the engine. */}
      <span className="flex min-w-0 flex-nowrap items-center gap-1 overflow-hidden whitespace-nowrap">
        <span className="inline-flex min-w-0 items-center gap-1 rounded-full bg-card px-2 py-0.5 text-[10px] font-medium uppercase tracking-[0.12em] text-ink ring-1 ring-border">
          {generation.videoUrl && <PlayIcon className="h-2.5 w-2.5 shrink-0" />}
          <span className="truncate">{title}</span>
        </span>
        <EngineBadge engine={generation.engine} className="shrink-0" />
      </span>
      {setSize ? (
        <span dir="auto" className="truncate text-[11px] leading-snug text-muted-foreground">
          {setCaption(generation.prompt).replace(/^Photoshoot\s*·\s*/i, '')} · {setSize} photos
        </span>
      ) : generation.type === 'dressup' && !generation.prompt ? (
        <span className="flex min-w-0 items-center gap-1 text-[11px] leading-snug text-muted-foreground">
          {garment && <img src={garment} alt="" loading="lazy" className="h-3.5 w-3.5 shrink-0 rounded-sm object-cover ring-1 ring-border" />}
          <span className="truncate">{untitledCaption(generation)}</span>
        </span>
      ) : (
        // dir="auto": a prompt in Arabic or Hebrew keeps its own direction (and loses its end, not its beginning, when cut).
        generation.prompt && (
          <span dir="auto" className="truncate text-[11px] leading-snug text-muted-foreground">
            {generation.prompt}
          </span>
        )
      )}
    </span>
  );
}
