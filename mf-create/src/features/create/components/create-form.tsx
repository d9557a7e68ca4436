import { userLimitsQueryOptions, useSearchParams } from '@atelier/host';
import { useQuery } from '@tanstack/react-query';
import { PROMPT_MAX, type AspectRatio, type User, type VideoModel } from '@atelier/contracts';
import { Button, cn, keepClearOfBars, Spinner, usePastedImage } from '@atelier/ui';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  CREATE_TABS,
  creditsLabel,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_VIDEO_MODEL,
  PREMIUM_PLANS,
  VIDEO_MODELS,
  type CreateTab,
} from '../../../constants';
import type { StartRequest } from '../api/start-generation';
import { useImageSlot, type ImageSlot } from '../hooks/use-image-slot';
import { useStartGeneration } from '../hooks/use-start-generation';
import type { WatchedGeneration } from '../hooks/use-generation-watcher';
import { readPendingVideoImage, clearPendingVideoImage } from '../utils/pending-video-image';
import { AspectRatioPicker } from './aspect-ratio-picker';
import { ImageInput } from './image-input';
import { ModelPicker } from './model-picker';
import { PresetPicker } from './preset-picker';

/** The prompt's character count shows once the prompt is this close to its limit. */
const PROMPT_COUNTER_FROM = 200;
/** What stands for the credits left when they could not be read (the count would be a guess). */
export const CREDITS_UNKNOWN = 'Credits could not be checked just now';

interface CreateFormProps {
  tab: CreateTab;
  user: User | null;
  /** The tab's generation is queued or processing: one at a time per tab. */
  busy: boolean;
  onStarted(id: string, generation: WatchedGeneration): void;
  /** The progress bar, placed under the button. */
  progress: React.ReactNode;
}

/**
 * The disabled Generate button: the ui kit's half opacity would put ivory on mid grey (about 3.4:1); a solid
 * muted ground with the muted text colour keeps WCAG AA contrast (at least 4.5:1) and still reads as off.
 */
export const GENERATE_DISABLED = 'disabled:opacity-100 disabled:bg-muted disabled:text-muted-foreground';

/** The inputs of one tab and its Generate button (with the cost). Keyed by tab, so each tab starts fresh. */
export function CreateForm({ tab, user, busy, onStarted, progress }: CreateFormProps) {
  const config = CREATE_TABS[tab];
  const promptId = useId();
  const hintId = useId();
  const [searchParams] = useSearchParams();
  const [prompt, setPrompt] = useState('');
  const nearPromptLimit = prompt.length > PROMPT_MAX - PROMPT_COUNTER_FROM;
  const [presetId, setPresetId] = useState<string | null>(null);
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>(DEFAULT_ASPECT_RATIO);
  const [model, setModel] = useState<VideoModel>(DEFAULT_VIDEO_MODEL);

  // /app/video and /app/dress-up take ?imageUrl= as the start (or person) image; the video tab also takes
  // the image "Create video" left in local storage (pendingVideoImage), once.
  const [initialImage] = useState(() => {
    const param = config.imageLabel ? searchParams.get('imageUrl') : null;
    return param || (tab === 'video' ? readPendingVideoImage() : null);
  });
  useEffect(() => {
    if (tab === 'video') clearPendingVideoImage();
  }, [tab]);
  const primary = useImageSlot(initialImage);
  const garment = useImageSlot(null);

  // Pasted images fill the input that has focus, else the first empty one.
  usePastedImage((file) => {
    const slots: Record<string, ImageSlot> = tab === 'video' ? { primary } : { primary, garment };
    const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-image-slot]');
    const target = (focused && slots[focused.dataset.imageSlot ?? '']) || Object.values(slots).find((s) => !s.previewUrl) || primary;
    target.setFile(file);
  }, tab !== 'image');

  const { start, submitting, limits } = useStartGeneration(config, user, onStarted);
  const premiumAllowed = PREMIUM_PLANS.includes(user?.plan ?? 'free');
  const modelNeedsUpgrade = tab === 'video' && Boolean(VIDEO_MODELS.find((m) => m.value === model)?.premium) && !premiumAllowed;

  const trimmed = prompt.trim();
  const ready =
    tab === 'image'
      ? trimmed.length > 0
      : tab === 'video'
        ? Boolean(primary.url) && !modelNeedsUpgrade
        : Boolean(primary.url && garment.url);
  const canGenerate = ready && !busy && !submitting && !primary.uploading && !garment.uploading;

  const request = (): { request: StartRequest; model: string } => {
    if (tab === 'image') {
      return {
        request: { type: 'image', body: { prompt: trimmed, aspectRatio, ...(presetId ? { presetId } : {}) } },
        model: presetId ?? 'text-to-image',
      };
    }
    if (tab === 'video') {
      return { request: { type: 'video', body: { imageUrl: primary.url!, model, ...(trimmed ? { prompt: trimmed } : {}) } }, model };
    }
    return { request: { type: 'dressup', body: { personImageUrl: primary.url!, garmentImageUrl: garment.url! } }, model: 'try-on' };
  };

  const bar = useRef<HTMLDivElement>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canGenerate) return;
    const { request: body, model: modelName } = request();
    // Generate disables itself while the start is sent, and focus fell to the page's body: from the keyboard it goes
    // to the prompt (the next one is typed there), else (Dress Up, a tap: a phone's keyboard would cover the progress)
    // to the bar that shows the progress.
    const active = document.activeElement;
    if (active && bar.current?.contains(active)) {
      const prompt = active.matches(':focus-visible') ? document.getElementById(promptId) : null;
      (prompt ?? bar.current).focus();
    }
    void start(body, modelName);
  };

  const onPromptKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    }
  };

  const unlimited = limits.credits.limit >= 999;
  const creditsLeft = Math.max(0, limits.credits.limit - limits.credits.used);
  // SPEC §3's defaults stand in while the limits load; once the read has failed they would be a wrong count.
  const limitsRead = useQuery(userLimitsQueryOptions(user !== null));
  const creditsUnknown = user !== null && limitsRead.data === undefined && limitsRead.isError;

  return (
    <form
      onSubmit={submit}
      aria-label={config.heading}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-soft sm:gap-6 sm:p-6"
      onFocus={(event) => keepClearOfBars(event.target, { bottom: bar.current, root: event.currentTarget })}
    >
      {tab === 'video' && (
        <ImageInput label="Start image" slotName="primary" slot={primary} emptyTitle="Add a start image" />
      )}
      {tab === 'dress-up' && (
        <div className="grid grid-cols-2 gap-2 sm:gap-3">
          <ImageInput label="Person image" slotName="primary" slot={primary} emptyTitle="The person" />
          <ImageInput label="Garment image" slotName="garment" slot={garment} emptyTitle="The garment" />
        </div>
      )}

      {tab !== 'dress-up' && (
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={promptId} className="text-[11px] font-medium uppercase tracking-[0.18em] text-muted-foreground">
              {config.promptLabel}
            </label>
            {tab === 'video' && <span className="text-xs text-muted-foreground">Optional</span>}
          </div>
          <textarea
            id={promptId}
            value={prompt}
            onChange={(event) => setPrompt(event.target.value)}
            onKeyDown={onPromptKeyDown}
            rows={tab === 'image' ? 5 : 3}
            maxLength={PROMPT_MAX}
            placeholder={config.promptPlaceholder}
            aria-describedby={hintId}
            className="w-full resize-y rounded-xl border border-border bg-background px-4 py-3 max-sm:h-24 text-[15px] leading-relaxed placeholder:text-muted-foreground/70 focus-visible:border-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
          />
          <div className={cn('justify-between gap-3 text-[11px] text-muted-foreground', nearPromptLimit ? 'flex' : 'hidden sm:flex')}>
            {/* Phones have no such keys: the line gives its room to the presets. */}
            <span id={hintId} className="hidden sm:inline">
              Ctrl or ⌘ + Enter to generate
            </span>
            {/* Near the limit the box stops taking text: say so before it does. */}
            {nearPromptLimit && (
              <span aria-live="polite" className={cn('ml-auto tabular-nums', prompt.length >= PROMPT_MAX && 'font-medium text-destructive')}>
                {prompt.length} / {PROMPT_MAX} characters
              </span>
            )}
          </div>
        </div>
      )}

      {tab === 'image' && (
        <>
          <AspectRatioPicker value={aspectRatio} onChange={setAspectRatio} />
          <PresetPicker value={presetId} onChange={setPresetId} />
        </>
      )}
      {tab === 'video' && (
        <ModelPicker
          value={model}
          onChange={setModel}
          premiumAllowed={premiumAllowed}
          // The upgrade note appears under the chosen card: kept above the Generate bar, so the reason shows.
          onNoteShown={(note) => keepClearOfBars(note, { bottom: bar.current }, { always: true })}
        />
      )}

      {/* The button stays in reach while the inputs scroll past (phones, long preset lists); on phones the
          bar is kept low so more than one row of presets shows above it. */}
      <div ref={bar} tabIndex={-1} className="sticky bottom-0 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring/40 [@media(max-height:480px)]:static z-10 -mx-4 -mb-4 flex flex-col gap-2 rounded-b-2xl border-t border-border bg-card/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:-mb-6 sm:gap-3 sm:px-6 sm:pb-6 sm:pt-4">
        <Button type="submit" size="lg" variant="default" disabled={!canGenerate} className={cn('w-full', GENERATE_DISABLED)}>
          {submitting && <Spinner label="Starting" className="[&_svg]:h-4 [&_svg]:w-4" />}
          Generate · {creditsLabel(config.creditCost)}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          {creditsUnknown ? CREDITS_UNKNOWN : unlimited ? 'Unlimited credits' : `${creditsLabel(creditsLeft)} left`}
        </p>
        {progress}
      </div>
    </form>
  );
}
