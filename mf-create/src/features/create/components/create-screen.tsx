import type { Generation } from '@atelier/contracts';
import { rereadLimitsAfterFailure, useCurrentUser, useHost } from '@atelier/host';
import { useQueryClient } from '@tanstack/react-query';
import { revealIfOutside } from '@atelier/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CREATE_TABS, MESSAGES, type CreateTab } from '../../../constants';
import { useGenerations } from '../api/get-generations';
import { useGenerationWatcher, type WatchedGeneration } from '../hooks/use-generation-watcher';
import { generationMetadata } from '../hooks/use-start-generation';
import { useUpscale } from '../hooks/use-upscale';
import { leadAlreadyTracked, leadContentCategory, productionHosts, sendLead } from '../utils/lead-event';
import { storePendingVideoImage } from '../utils/pending-video-image';
import { progressTickMs } from '../utils/progress';
import { CreateForm } from './create-form';
import { Gallery } from './gallery';
import { GenerationProgress } from './generation-progress';
import { useDeleteGeneration } from '../hooks/use-delete-generation';
import { DeleteGenerationDialog } from './delete-generation-dialog';
import { GenerationViewer, generationTitle } from './generation-viewer';

/** The shared creation screen of /app/image, /app/video and /app/dress-up, switched by the tab. */
export function CreateScreen({ tab }: { tab: CreateTab }) {
  const config = CREATE_TABS[tab];
  const host = useHost();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const plan = user?.plan ?? 'free';
  const [viewing, setViewing] = useState<Generation | null>(null);
  // The photoshoot set the viewer pages through, when it was opened from one.
  const [viewingSet, setViewingSet] = useState<readonly Generation[] | null>(null);
  // One screen serves the three tabs: a viewer opened on one closes when the tab changes (the browser's Back from
  // /app/video to /app/image left it open over the other tool).
  const [viewingTab, setViewingTab] = useState(tab);
  if (viewingTab !== tab) {
    setViewingTab(tab);
    setViewing(null);
  }
  const [awaitingList, setAwaitingList] = useState(false);

  const generations = useGenerations(awaitingList);
  const itemsRef = useRef(generations.items);
  itemsRef.current = generations.items;
  const listCompleteRef = useRef(!generations.hasNextPage);
  listCompleteRef.current = !generations.hasNextPage;

  // A result finished here is shown where the user is: on a phone the gallery is far below the form Generate is on.
  const [reveal, setReveal] = useState<string | null>(null);
  useEffect(() => {
    if (!reveal) return;
    const tile = document.querySelector<HTMLElement>(`[data-generation-id="${reveal}"]`);
    if (!tile) return; // not listed yet: tried again when the list changes
    setReveal(null);
    if (!viewing) revealIfOutside(tile);
  }, [reveal, generations.items, viewing]);

  const watcher = useGenerationWatcher(generations.data ? generations.items : undefined, {
    onCompleted(generation, watched) {
      setReveal(generation.id);
      host.track('generation_completed', generationMetadata(plan, watched));
      const category = leadContentCategory({
        generations: itemsRef.current,
        hostname: window.location.hostname,
        productionHosts: productionHosts(),
        alreadyTracked: leadAlreadyTracked(),
        listComplete: listCompleteRef.current,
      });
      if (category) sendLead(category);
    },
    onFailed(generation, watched) {
      host.track('generation_failed', generationMetadata(plan, watched));
      // A failed generation's credits are given back: the count says so now, not at the next 10 s poll.
      rereadLimitsAfterFailure(queryClient);
      host.toast({
        title: MESSAGES.generationFailedTitle,
        description: generation.errorMessage || MESSAGES.generationFailedFallback,
        variant: 'destructive',
      });
    },
  });

  const { watch } = watcher;
  const onStarted = useCallback(
    (id: string, generation: WatchedGeneration) => {
      watch(id, generation);
      setAwaitingList(true);
    },
    [watch],
  );
  if (awaitingList && !watcher.watching) setAwaitingList(false);

  const running = watcher.inFlight(config.type);
  const phase = watcher.phase(config.type);
  const tickMs = progressTickMs(config.type, running?.model);

  // The new upscale joins the list (queued → completed); the viewer of its source closes so it can be seen there.
  const { upscale, starting: upscaling } = useUpscale(user, onStarted);
  const startUpscale = async (imageUrl: string) => {
    if (await upscale(imageUrl)) setViewing((current) => (current?.imageUrl === imageUrl ? null : current));
  };

  // Deleting: asked first from the viewer; a failed tile is removed at once (there is nothing to lose).
  const { remove, deleting } = useDeleteGeneration();
  const [confirmingDelete, setConfirmingDelete] = useState<Generation | null>(null);
  // The deleted card had the focus: it goes to the gallery's heading, not the top of the page.
  const deletedFocus = useRef(false);
  const focusCreations = () => document.querySelector<HTMLElement>('[data-creations-heading]')?.focus();
  const confirmDelete = async () => {
    const target = confirmingDelete;
    if (!target) return;
    if (await remove(target)) {
      deletedFocus.current = true;
      setViewing((current) => (current?.id === target.id ? null : current));
    }
    setConfirmingDelete(null);
  };

  const createVideo = (imageUrl: string) => {
    storePendingVideoImage(imageUrl);
    setViewing(null);
    host.navigate('/app/video');
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-4 sm:gap-6 sm:py-6 md:px-8 lg:gap-10 lg:py-10">
      <header className="flex flex-col gap-2">
        <span className="text-[11px] font-medium uppercase tracking-[0.24em] text-accent">Atelier studio</span>
        <h1 className="flex flex-wrap items-center gap-3 font-display text-3xl leading-none sm:text-4xl md:text-5xl">
          {config.heading}
          {config.tag && (
            <span className="rounded-full bg-accent-soft px-2.5 py-0.5 font-sans text-xs font-medium tracking-wide text-accent">
              {config.tag}
            </span>
          )}
        </h1>
        <p className="max-w-xl text-sm text-muted-foreground md:text-base">{config.intro}</p>
      </header>

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)] xl:gap-12">
        <CreateForm
          key={tab}
          tab={tab}
          user={user}
          busy={running !== null}
          onStarted={onStarted}
          progress={<GenerationProgress key={tab} type={config.type} phase={phase} tickMs={tickMs} />}
        />
        <Gallery
          items={generations.items}
          isLoading={generations.isLoading}
          isError={generations.isError}
          onRetry={() => void generations.refetch()}
          hasNextPage={generations.hasNextPage}
          isFetchingNextPage={generations.isFetchingNextPage}
          onLoadMore={() => void generations.fetchNextPage()}
          onOpen={(generation, set) => {
            setViewing(generation);
            setViewingSet(set);
          }}
          onRemove={(generation) => void remove(generation, true).then((removed) => removed && focusCreations())}
          removing={deleting}
        />
      </div>

      <GenerationViewer
        generation={viewing}
        onOpenChange={(open) => {
          if (open) return;
          setViewing(null);
          // Closed by the browser's Back too: a confirmation over it goes with it.
          if (deleting === null) setConfirmingDelete(null);
        }}
        onCreateVideo={createVideo}
        onUpscale={(imageUrl) => void startUpscale(imageUrl)}
        upscaling={upscaling}
        onDelete={setConfirmingDelete}
        set={viewingSet}
        onNavigate={setViewing}
        onCloseAutoFocus={(event) => {
          if (!deletedFocus.current) return;
          deletedFocus.current = false;
          event.preventDefault();
          focusCreations();
        }}
      />
      <DeleteGenerationDialog
        // One photo of a photoshoot's set is deleted, not the set.
        kind={confirmingDelete ? (confirmingDelete.type === 'photoshoot' ? 'photo' : generationTitle(confirmingDelete)) : null}
        deleting={deleting !== null}
        onCancel={() => setConfirmingDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
