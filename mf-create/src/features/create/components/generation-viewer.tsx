import type { Generation } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { useBackCloses } from '@atelier/host/back-closes';
import { Button, buttonVariants, cn, Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@atelier/ui';
import { useId, useState, type KeyboardEvent } from 'react';
import { costLabel, creditsLabel, MESSAGES, modelLabel, UNDERSTOOD_HEADING, UPSCALE } from '../../../constants';
import { usePresets } from '../api/get-presets';
import { useReducedMotion } from '../hooks/use-media-query';
import { canUpscale } from '../hooks/use-upscale';
import { EngineBadge, engineDescription } from './engine-badge';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, DownloadIcon, FilmIcon, UpscaleIcon } from './icons';

/** GET /api/download?url=<encoded> streams one of our media files as an attachment. */
export const downloadHref = (url: string) => `/api/download?url=${encodeURIComponent(url)}`;

const TITLES: Record<Generation['type'], string> = {
  image: 'Image',
  video: 'Video',
  dressup: 'Dress Up',
  photoshoot: 'Photoshoot',
  canvas: 'Canvas',
  upscale: 'Upscale',
};

export const generationTitle = (generation: Pick<Generation, 'type' | 'videoUrl'>) => (generation.videoUrl ? 'Video' : TITLES[generation.type]);

interface GenerationViewerProps {
  generation: Generation | null;
  onOpenChange(open: boolean): void;
  onCreateVideo(imageUrl: string): void;
  onUpscale(imageUrl: string): void;
  /** An upscale is being started (the button waits for the answer). */
  upscaling: boolean;
  /** Asks to delete the generation (the screen confirms first). */
  onDelete(generation: Generation): void;
  /** A photoshoot's set the generation belongs to: the viewer pages through it (buttons, ← and →). */
  set?: readonly Generation[] | null;
  onNavigate?(generation: Generation): void;
  /** Where focus goes when it closes (by default back to the card that opened it). */
  onCloseAutoFocus?(event: Event): void;
}

/** The full view of one result: the image, or the video with its controls, with download, "create video" and upscale. */
export function GenerationViewer({ generation, onOpenChange, onCreateVideo, onUpscale, upscaling, onDelete, set = null, onNavigate, onCloseAutoFocus }: GenerationViewerProps) {
  const mediaUrl = generation?.videoUrl ?? generation?.imageUrl ?? null;
  const { data: presets } = usePresets();
  const presetName = presets?.find((preset) => preset.id === generation?.presetId)?.name ?? generation?.presetId;
  // The picture's own size, once it has loaded (the list does not carry it): shown, and it tells whether an
  // upscale can still make it larger. Unknown until then: the service has the last word.
  const [loaded, setLoaded] = useState<{ url: string; width: number; height: number } | null>(null);
  const size = loaded && loaded.url === generation?.imageUrl && loaded.width > 0 ? loaded : null;
  const atCap = size !== null && !canUpscale(size.width, size.height);
  const upscaleHintId = useId();
  const understoodId = useId();
  // Opened on purpose, so it plays; unless the user asked for less motion (the controls are there).
  const reducedMotion = useReducedMotion();
  // The browser's Back closes the viewer (a phone's full-screen view), not the page.
  useBackCloses(useHost(), generation !== null, () => onOpenChange(false));
  // In a set (still holding this photo: one deleted leaves it), ← and → and the buttons go to the next photo, round.
  const position = generation && set ? set.findIndex((item) => item.id === generation.id) : -1;
  const inSet = set !== null && position >= 0 && set.length > 1 && onNavigate !== undefined;
  const step = (delta: number) => inSet && onNavigate(set[(position + delta + set.length) % set.length]!);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!inSet || (event.target as HTMLElement).closest('video, input, textarea')) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog open={generation !== null} onOpenChange={onOpenChange}>
      {generation && (
        // Portaled out of the remote's container: the attribute keeps this remote's scoped CSS applying.
        <DialogContent
          data-remote="mf_create"
          hideClose
          onKeyDown={onKeyDown}
          onCloseAutoFocus={onCloseAutoFocus}
          // A column on phones (a grid item could not stick outside its own row), two columns from md up.
          className="flex max-h-[calc(100dvh-2rem)] max-w-5xl flex-col gap-0 overflow-y-auto p-0 md:grid md:grid-cols-[minmax(0,1fr)_18rem] md:grid-rows-[minmax(0,1fr)_auto]">
          {/* Nothing on the picture (a local image's masthead runs along its top): on phones the close button
              has its own strip above it, and the engine badge sits by the title. */}
          <div className="flex shrink-0 flex-col bg-ink md:row-span-2 md:min-h-[32rem] md:rounded-l-lg">
            <div className="flex justify-end px-2 pt-2 md:hidden">
              <CloseButton className="h-9 w-9 bg-ivory/90 text-ink shadow-soft hover:bg-ivory" />
            </div>
            <div className="relative flex flex-1 items-center justify-center p-2">
              {inSet && (
                <>
                  <SetButton label="Previous photo" side="left" onClick={() => step(-1)} />
                  <SetButton label="Next photo" side="right" onClick={() => step(1)} />
                </>
              )}
              {generation.videoUrl ? (
                <video
                  src={generation.videoUrl}
                  controls
                  autoPlay={!reducedMotion}
                  loop
                  playsInline
                  aria-label={`Video: ${generation.prompt ?? 'generated video'}`}
                  className="max-h-[55dvh] w-auto max-w-full rounded md:max-h-[70dvh]"
                />
              ) : generation.imageUrl ? (
                <img
                  src={generation.imageUrl}
                  alt={generation.prompt ?? 'Generated image'}
                  onLoad={(event) =>
                    setLoaded({ url: generation.imageUrl!, width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
                  }
                  className="max-h-[55dvh] w-auto max-w-full rounded object-contain md:max-h-[70dvh]"
                />
              ) : null}
            </div>
          </div>
          <div className="flex shrink-0 flex-col gap-5 px-4 pt-5 sm:px-6 md:col-start-2 md:row-start-1 md:pt-6">
            <div className="relative flex flex-col gap-2 md:pr-8">
              <CloseButton className="absolute -right-2 -top-2 hidden h-8 w-8 text-muted-foreground hover:bg-muted hover:text-foreground md:flex" />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <DialogTitle>{generationTitle(generation)}</DialogTitle>
                <EngineBadge engine={generation.engine} />
                {inSet && (
                  <span aria-live="polite" className="text-xs tabular-nums text-muted-foreground">
                    Photo {position + 1} of {set.length}
                  </span>
                )}
              </div>
              <DialogDescription dir="auto" className="line-clamp-6 whitespace-pre-line">
                {generation.prompt || (generation.type === 'dressup' ? 'The garment, tried on the person.' : 'No prompt')}
              </DialogDescription>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-xs">
              {generation.model && <Detail term="Model" value={modelLabel(generation.model)} />}
              {presetName && <Detail term="Preset" value={presetName} />}
              {generation.aspectRatio && <Detail term="Aspect ratio" value={generation.aspectRatio} />}
              {!generation.videoUrl && size && <Detail term="Size" value={`${size.width} × ${size.height} px`} />}
              <Detail term="Engine" value={engineDescription(generation.engine)} />
              <Detail term="Credits" value={costLabel(generation.type, generation.cost)} />
              <Detail term="Created" value={new Date(generation.createdAt).toLocaleString()} />
            </dl>
            {generation.understood && generation.understood.length > 0 && (
              <section aria-labelledby={understoodId} className="flex flex-col gap-2">
                <h3 id={understoodId} className="text-[11px] font-medium uppercase tracking-[0.18em] text-muted-foreground">
                  {UNDERSTOOD_HEADING}
                </h3>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-xs">
                  {generation.understood.map((entry, index) => (
                    <Detail key={`${entry.label}-${index}`} term={entry.label} value={entry.value} />
                  ))}
                </dl>
              </section>
            )}
            <button
              type="button"
              onClick={() => onDelete(generation)}
              className="-my-1 min-h-6 self-start rounded py-1 text-xs text-destructive underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Delete from my creations
            </button>
          </div>
          {/* On phones the actions stay pinned to the bottom of the viewer: Download is in reach without
              scrolling past the picture and the details. */}
          <div
            role="group"
            aria-label="Actions"
            className="sticky bottom-0 z-10 mt-4 grid shrink-0 grid-cols-2 gap-2 border-t border-border bg-card/95 px-4 py-3 backdrop-blur sm:px-6 md:static md:col-start-2 md:row-start-2 md:mt-0 md:grid-cols-1 md:border-0 md:bg-card md:pb-6 md:pt-5 md:backdrop-blur-none"
          >
            {mediaUrl && (
              <a href={downloadHref(mediaUrl)} download className={cn(buttonVariants({ variant: 'default', size: 'md' }), 'col-span-2 w-full md:col-span-1')}>
                <DownloadIcon className="h-4 w-4" />
                Download
              </a>
            )}
            {!generation.videoUrl && generation.imageUrl && (
              <Button variant="outline" className="w-full" onClick={() => onCreateVideo(generation.imageUrl!)}>
                <FilmIcon className="h-4 w-4" />
                Create video
              </Button>
            )}
            {!generation.videoUrl && generation.imageUrl && (
              <>
                <Button
                  variant="outline"
                  className="w-full"
                  disabled={upscaling || atCap}
                  aria-describedby={upscaleHintId}
                  onClick={() => onUpscale(generation.imageUrl!)}
                >
                  <UpscaleIcon className={cn('h-4 w-4', upscaling && 'animate-pulse')} />
                  Upscale
                </Button>
                <p id={upscaleHintId} aria-live="polite" className="col-span-2 text-center text-xs text-muted-foreground md:col-span-1">
                  {upscaling ? MESSAGES.upscaleStarting : atCap ? MESSAGES.upscaleAtCap : `${MESSAGES.upscaleHint} · ${creditsLabel(UPSCALE.creditCost)}`}
                </p>
              </>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Previous or next photo of a set, over the picture's side. */
function SetButton({ label, side, onClick }: { label: string; side: 'left' | 'right'; onClick(): void }) {
  const Icon = side === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-ivory/85 text-ink shadow-soft transition-colors hover:bg-ivory focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ivory',
        side === 'left' ? 'left-3' : 'right-3',
      )}
    >
      <Icon className="h-5 w-5" />
    </button>
  );
}

/** The viewer's close button; the phone strip and the desktop corner differ only in look and placement. */
function CloseButton({ className }: { className: string }) {
  return (
    <DialogClose
      aria-label="Close"
      className={cn(
        'flex cursor-pointer items-center justify-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <CloseIcon className="h-4 w-4" />
    </DialogClose>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="break-words font-medium">{value}</dd>
    </>
  );
}
