import { photoshootInSession, useHost } from '@atelier/host';
import { Button, cn, dismissToast, getToasts, keepClearOfBars, saveBlob, useToastClearance } from '@atelier/ui';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  DEFAULT_RETURN_PATH,
  FINAL_PHOTOS,
  IMAGE_ROUTE,
  MESSAGES,
  STEP,
  TOTAL_STEPS,
  WIZARD_STEPS,
  zipFileName,
} from '../../../constants';
import { useFocusTrap } from '../../../hooks/use-focus-trap';
import { useReturnFocus } from '../../../hooks/use-return-focus';
import { useCharacters } from '../api/get-characters';
import { useFinalGeneration } from '../hooks/use-final-generation';
import { usePreviewGeneration } from '../hooks/use-preview-generation';
import { zipPhotos } from '../utils/download-photos';
import { photoProblem } from '../utils/check-photo';
import { takeReturnPath } from '../utils/return-path';
import { CharacterStep } from './character-step';
import { ClothingStep } from './clothing-step';
import { CloseIcon, DownloadIcon } from './icons';
import { PhotoSetStep } from './photo-set-step';
import { PhotoViewer } from './photo-viewer';
import { PreviewStep } from './preview-step';
import { StepList } from './step-list';
import { TemplateStep } from './template-step';

type Direction = 'forward' | 'back';

/**
 * The 5-step Photoshoot wizard (SPEC.md §2 and §4); the remote's root makes it a full-screen overlay (`overlayRef`),
 * which keeps Tab inside it and closes on Escape as the Close button does.
 */
export function PhotoshootFlow({ overlayRef }: { overlayRef: RefObject<HTMLElement | null> }) {
  const host = useHost();
  // A photoshoot started before a reload: back at its progress (step 5), not at the start of a new one.
  const [resumed] = useState(photoshootInSession);
  const [step, setStep] = useState<number>(resumed ? STEP.photoset : STEP.template);
  const [direction, setDirection] = useState<Direction>('forward');
  const [characterId, setCharacterId] = useState<string | null>(null);
  const [clothing, setClothing] = useState<File | null>(null);
  const [chosenPreview, setChosenPreview] = useState<number | null>(null);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  // A "… Required" toast goes once what it asked for is given (it stayed up over the next step for its 5 s).
  useEffect(() => {
    if (characterId) dismissToastsTitled(MESSAGES.characterRequired.title);
  }, [characterId]);
  useEffect(() => {
    if (clothing) dismissToastsTitled(MESSAGES.clothingRequired.title);
  }, [clothing]);
  const [downloading, setDownloading] = useState(false);
  const viewerFocus = useReturnFocus();
  // The wizard's toasts (Character Required, …) stay at the bottom right, above its Back / Next bar, not over it.
  const footerRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  useToastClearance(footerRef);
  const characters = useCharacters(true);
  const preview = usePreviewGeneration();
  const final = useFinalGeneration();
  const { adopt } = final;
  useEffect(() => {
    if (resumed) adopt(resumed);
  }, [resumed, adopt]);
  const generating = preview.isGenerating || final.isGenerating;
  const current = WIZARD_STEPS[step - 1]!;
  const character = characters.data?.find((c) => c.characterId === characterId) ?? null;

  // "Generation in Progress" is said once per run: the flag resets when the generation ends.
  const warnedWhileGenerating = useRef(false);
  useEffect(() => {
    if (!generating) warnedWhileGenerating.current = false;
  }, [generating]);

  // Each step's heading takes focus, so keyboard and screen-reader users start at the top of the new step.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), [step]);

  const goTo = (next: number, towards: Direction) => {
    setDirection(towards);
    setStep(next);
  };

  const resetFlow = () => {
    preview.reset();
    final.reset();
    setStep(STEP.template);
    setDirection('forward');
    setCharacterId(null);
    setClothing(null);
    setChosenPreview(null);
    setViewerIndex(null);
  };

  /** While a generation runs: says so (once per run) and returns true — the flow must not close. */
  const refuseWhileGenerating = (): boolean => {
    if (!generating) return false;
    if (!warnedWhileGenerating.current) {
      warnedWhileGenerating.current = true;
      host.toast({ ...MESSAGES.generationInProgress, variant: 'destructive' });
    }
    return true;
  };
  // The browser's Back and Forward (and any other navigation) close the flow too: refused the same way.
  const refuseRef = useRef(refuseWhileGenerating);
  useEffect(() => {
    refuseRef.current = refuseWhileGenerating;
  });
  useEffect(() => host.guardNavigation?.(() => refuseRef.current()), [host]);

  /** Closes the flow unless a generation runs; goes to `to`, else the stored return path, else /app. */
  const close = (to?: string) => {
    if (refuseWhileGenerating()) return;
    resetFlow();
    const returnPath = takeReturnPath();
    host.navigate(to ?? returnPath ?? DEFAULT_RETURN_PATH);
  };

  // Escape closes as the Close button does (refused, with its toast, while a generation runs).
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  const escape = useCallback(() => closeRef.current(), []);
  useFocusTrap(overlayRef, escape);

  const startFinal = async (id: string, file: File) => {
    goTo(STEP.photoset, 'forward');
    // Refused (paid plan, allowance, bad file…): the toast has said why; the choices wait on step 4.
    if ((await final.start(id, file)) === 'refused') goTo(STEP.clothing, 'back');
  };

  const next = () => {
    if (generating) return;
    switch (step) {
      case STEP.template:
        return goTo(STEP.character, 'forward');
      case STEP.character:
        if (!characterId) return host.toast({ ...MESSAGES.characterRequired, variant: 'destructive' });
        setChosenPreview(null);
        goTo(STEP.preview, 'forward');
        return void preview.start(characterId);
      case STEP.preview:
        if (preview.result) goTo(STEP.clothing, 'forward');
        return;
      case STEP.clothing:
        if (!characterId) return host.toast({ ...MESSAGES.characterRequired, variant: 'destructive' });
        if (!clothing) return host.toast({ ...MESSAGES.clothingRequired, variant: 'destructive' });
        return void startFinal(characterId, clothing);
    }
  };

  const back = () => {
    if (!generating && step > STEP.template && step < STEP.photoset) goTo(step - 1, 'back');
  };

  const clothingPick = useRef(0);
  const chooseClothing = async (file: File) => {
    // SPEC §5: the file must be an image (one the browser can open, large enough to dress anyone); the 10MB limit is
    // only a hint. The latest pick wins when a check of an earlier one ends after it.
    const pick = ++clothingPick.current;
    const problem = await photoProblem(file);
    if (pick !== clothingPick.current) return;
    if (problem) return host.toast({ ...problem, variant: 'destructive' });
    setClothing(file);
  };

  const photos = final.finalImages;
  const setComplete = photos.length === FINAL_PHOTOS;

  const downloadAll = async () => {
    if (!setComplete || downloading) return;
    setDownloading(true);
    try {
      const { blob, count } = await zipPhotos(photos);
      if (count === 0) return host.toast({ ...MESSAGES.downloadFailed, variant: 'destructive' });
      saveBlob(blob, zipFileName(Date.now()));
      host.toast(MESSAGES.downloadComplete);
    } catch (error) {
      console.error('[mf_photoshoot] the zip could not be made:', error);
      host.toast({ ...MESSAGES.downloadFailed, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  const primaryLabel = step === STEP.character ? 'Continue' : 'Next';
  const primaryDisabled = generating || (step === STEP.preview && !preview.result);

  return (
    // A control focused from the keyboard under the sticky header or the Back / Next bar is scrolled clear of them.
    <div className="flex min-h-full flex-col" onFocus={(event) => keepClearOfBars(event.target, { top: headerRef.current, bottom: footerRef.current, root: event.currentTarget })}>
      <header ref={headerRef} className="sticky top-0 z-10 flex flex-col gap-3 border-b border-border bg-background/95 px-4 py-3 backdrop-blur sm:px-6">
        <div className="mx-auto flex w-full max-w-4xl items-center justify-between">
          <p id="photoshoot-title" className="font-display text-xl">
            Step {step} of {TOTAL_STEPS}
          </p>
          <button
            type="button"
            onClick={() => close()}
            aria-label="Close"
            className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <div className="mx-auto w-full max-w-4xl">
          <StepList current={step} />
        </div>
      </header>

      {/* Not a <main>: the shell's page already has one. */}
      <div className="flex w-full flex-1 flex-col overflow-x-hidden px-4 sm:px-6">
        <div
          key={step}
          className={cn(
            'mx-auto flex w-full max-w-4xl flex-1 flex-col gap-5 py-6',
            direction === 'forward' ? 'motion-safe:animate-step-forward' : 'motion-safe:animate-step-back',
          )}
        >
          <h2 ref={heading} tabIndex={-1} className="font-display text-3xl leading-tight focus:outline-none sm:text-4xl">
            {current.label}
          </h2>
          {step === STEP.template && <TemplateStep />}
          {step === STEP.character && <CharacterStep selectedId={characterId} onSelect={setCharacterId} />}
          {step === STEP.preview && (
            <PreviewStep
              status={preview.status}
              images={preview.result?.previewImages ?? []}
              currentProgress={preview.currentProgress}
              totalSteps={preview.totalSteps}
              message={preview.message}
              error={preview.error}
              chosen={chosenPreview}
              onChoose={setChosenPreview}
              onRetry={() => characterId && void preview.start(characterId)}
            />
          )}
          {step === STEP.clothing && <ClothingStep clothing={clothing} onChoose={(file) => void chooseClothing(file)} character={character} />}
          {step === STEP.photoset && (
            <PhotoSetStep
              phase={final.phase}
              photos={photos}
              currentProgress={final.currentProgress}
              totalSteps={final.totalSteps}
              message={final.message}
              error={final.error}
              canResume={final.canResume}
              onOpen={(index) => {
                viewerFocus.remember();
                setViewerIndex(index);
              }}
              onRetry={() => characterId && clothing && void startFinal(characterId, clothing)}
              onResume={final.resume}
              onChangeClothing={() => {
                final.reset();
                goTo(STEP.clothing, 'back');
              }}
            />
          )}
        </div>
      </div>

      <footer ref={footerRef} className="sticky bottom-0 border-t border-border bg-background/95 px-4 py-3 backdrop-blur pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
        <div className="mx-auto flex w-full max-w-4xl items-center justify-between gap-3">
          {step === STEP.photoset ? (
            <>
              {/* Busy while zipping, not disabled: a disabled button lets focus fall to the page's body (clicks are
                  refused by downloadAll meanwhile). */}
              <Button
                variant="outline"
                onClick={() => void downloadAll()}
                disabled={!setComplete}
                aria-disabled={downloading || undefined}
                className={cn('flex-1 sm:flex-none', downloading && 'cursor-progress opacity-50')}
              >
                <DownloadIcon className="h-4 w-4" />
                {downloading ? 'Downloading…' : 'Download All'}
              </Button>
              <Button onClick={() => close(IMAGE_ROUTE)} disabled={!setComplete} className="flex-1 sm:flex-none">
                Continue in Image
              </Button>
            </>
          ) : (
            <>
              {step > STEP.template ? (
                <Button variant="outline" onClick={back} disabled={generating}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Button onClick={next} disabled={primaryDisabled} className="min-w-28">
                {primaryLabel}
              </Button>
            </>
          )}
        </div>
      </footer>

      <PhotoViewer photos={photos} index={viewerIndex} onIndexChange={setViewerIndex} onCloseAutoFocus={viewerFocus.onCloseAutoFocus} />
    </div>
  );
}

/** Dismisses the open toasts with this title (the store is @atelier/ui's, shared with the shell's Toaster). */
function dismissToastsTitled(title: string): void {
  for (const item of getToasts()) if (item.title === title && item.open !== false) dismissToast(item.id);
}
