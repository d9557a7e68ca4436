import { CANVAS_EDIT_COST, CANVAS_MESSAGES, type CanvasEdit } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { useSingleFlight } from '@atelier/ui';
import { useCallback, useRef, useState } from 'react';
import { TEXTS } from '../../../constants';
import { useDeleteCanvasEdit } from '../api/delete-canvas-edit';
import { uploadImage } from '../api/upload-image';
import { useCanvasEditJob } from '../hooks/use-canvas-edit-job';
import { IMAGE_NAMES, useCanvasImage } from '../hooks/use-canvas-image';
import { useCreditsCheck } from '../hooks/use-credits-check';
import { useImageUrlParam } from '../hooks/use-image-url-param';
import { useReferenceImages } from '../hooks/use-reference-images';
import { UPSCALE_COST, useUpscale } from '../hooks/use-upscale';
import { parseApiError } from '../utils/api-error';
import { composePrompt } from '../utils/compose-prompt';
import { dataUrlToFile, fileOfMedia, isDataUrl } from '../utils/data-url';
import { downloadHref } from '../utils/media-url';
import { storePendingVideoImage } from '../utils/pending-video-image';
import { CanvasStage } from './canvas-stage';
import { DeleteEditDialog } from './delete-edit-dialog';
import { EditForm, type EditFields } from './edit-form';
import { ImageViewer } from './image-viewer';
import { RecentEdits } from './recent-edits';
import { ReferenceImages } from './reference-images';

/** The /app/canvas screen (SPEC.md §2 "Canvas editor"). */
export function CanvasEditor() {
  const host = useHost();
  const canvas = useCanvasImage();
  const references = useReferenceImages();
  const editJob = useCanvasEditJob();
  const credits = useCreditsCheck();
  const deleteEdit = useDeleteCanvasEdit();
  const deleting = useSingleFlight();
  const [viewerOpen, setViewerOpen] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [handingOverSince, setHandingOverSince] = useState<number | null>(null);

  const { image, show, rememberMediaUrl } = canvas;
  // The dialogs have no trigger element: focus goes back to the action that opened them, or to the upload
  // area when that action left with the image.
  const opener = useRef<HTMLElement | null>(null);
  const stage = useRef<HTMLElement>(null);
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('[data-canvas-file-input]');
    target?.focus();
  };
  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const imageRef = useRef(image);
  imageRef.current = image;

  /**
   * The shown image as a media URL of the user's own for the create service (upscale, create video): a local photo
   * is uploaded first (once); so is an edit's result, which is the canvas service's file (create takes only the
   * user's own pictures, and an older edit, or one deleted from the gallery, is not in its gallery).
   */
  const mediaUrlOfImage = useCallback(async (): Promise<string> => {
    const current = imageRef.current;
    if (!current) throw new Error('No image on the canvas');
    const canvasResult = current.kind === 'edit' && current.mediaUrl === current.src;
    if (current.mediaUrl && !canvasResult) return current.mediaUrl;
    if (!isDataUrl(current.src) && !canvasResult) return current.src;
    const file = canvasResult ? await fileOfMedia(host.apiRequest, current.src, 'canvas-edit') : dataUrlToFile(current.src, 'canvas-photo');
    const { url } = await uploadImage(host.apiRequest, file);
    rememberMediaUrl(current.src, url);
    return url;
  }, [host, rememberMediaUrl]);
  const upscale = useUpscale(mediaUrlOfImage);

  useImageUrlParam(useCallback((mediaUrl: string) => show({ src: mediaUrl, mediaUrl, editId: null, kind: 'photo' }), [show]));

  const working = editJob.running || upscale.running || handingOverSince !== null;
  const loading = working || canvas.preparing || references.pending > 0;

  const dismissNotices = () => {
    editJob.dismissTimeout();
    upscale.dismissTimeout();
  };

  const onFile = (file: File) => {
    dismissNotices();
    void canvas.setFile(file);
  };

  const onEdit = async ({ prompt, model, camera, shotType }: EditFields) => {
    if (!image) return window.alert(CANVAS_MESSAGES.mainImageRequired);
    if (!prompt.trim()) return window.alert(CANVAS_MESSAGES.promptRequired);
    if (loading || !credits.check(CANVAS_EDIT_COST, 'canvas')) return;
    dismissNotices();
    const edit = await editJob.run({
      prompt: composePrompt(prompt, camera, shotType),
      model,
      camera,
      shotType,
      inputImages: [image.src, ...references.images.map((reference) => reference.dataUrl)],
    });
    if (edit?.outputImageUrl) show({ src: edit.outputImageUrl, mediaUrl: edit.outputImageUrl, editId: edit.id, kind: 'edit' });
  };

  const onUpscale = async () => {
    if (!image || loading || !credits.check(UPSCALE_COST, 'credits')) return;
    dismissNotices();
    const upscaledUrl = await upscale.run();
    if (upscaledUrl) show({ src: upscaledUrl, mediaUrl: upscaledUrl, editId: null, kind: 'upscale' });
  };

  const onCreateVideo = async () => {
    if (!image || loading) return;
    setHandingOverSince(Date.now());
    try {
      storePendingVideoImage(await mediaUrlOfImage());
      host.navigate('/app/video');
    } catch (error) {
      const { status, message } = parseApiError(error);
      host.toast({ title: TEXTS.uploadFailedTitle, description: status === 413 ? TEXTS.uploadTooLarge : message, variant: 'destructive' });
    } finally {
      setHandingOverSince(null);
    }
  };

  const onDelete = () => {
    if (!image) return;
    rememberOpener();
    if (image.editId) return setConfirmingDelete(true);
    show(null);
    document.querySelector<HTMLElement>('[data-canvas-file-input]')?.focus(); // the actions left with the image
  };

  const onConfirmDelete = async () => {
    const editId = image?.editId;
    if (!editId) return setConfirmingDelete(false);
    if (!deleting.begin()) return;
    try {
      await deleteEdit.mutateAsync(editId);
      if (imageRef.current?.editId === editId) show(null);
      host.toast({ title: TEXTS.deletedTitle });
    } catch (error) {
      host.toast({ title: TEXTS.deleteFailedTitle, description: parseApiError(error).message, variant: 'destructive' });
    } finally {
      deleting.end();
      setConfirmingDelete(false);
    }
  };

  const onImageError = () => {
    show(null);
    host.toast({ title: TEXTS.unreadableTitle, description: TEXTS.imageLoadFailed, variant: 'destructive' });
  };

  const onSelectEdit = (edit: CanvasEdit) => {
    if (!edit.outputImageUrl || loading) return;
    dismissNotices();
    show({ src: edit.outputImageUrl, mediaUrl: edit.outputImageUrl, editId: edit.id, kind: 'edit' });
    // On a phone the list is below the canvas: the chosen edit is shown up there, so bring it into view.
    stage.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  };

  const task =
    editJob.startedAt !== null
      ? { label: TEXTS.editing, startedAt: editJob.startedAt }
      : upscale.startedAt !== null
        ? { label: TEXTS.upscaling, startedAt: upscale.startedAt }
        : handingOverSince !== null
          ? { label: TEXTS.uploading, startedAt: handingOverSince }
          : null;

  const timeout = editJob.timedOut ? CANVAS_MESSAGES.timeout : upscale.timedOut ? TEXTS.upscaleTimeout : null;
  const download = image?.mediaUrl
    ? { href: downloadHref(image.mediaUrl) }
    : { href: image?.src ?? '', fileName: `atelier-canvas.${image?.src.startsWith('data:image/jpeg') ? 'jpg' : 'png'}` };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 md:px-8 lg:gap-10 lg:py-10">
      <header className="flex flex-col gap-2">
        <span className="text-[11px] font-medium uppercase tracking-[0.24em] text-accent">{TEXTS.eyebrow}</span>
        <h1 className="font-display text-4xl leading-none md:text-5xl">{TEXTS.heading}</h1>
        <p className="max-w-xl text-sm text-muted-foreground md:text-base">{TEXTS.intro}</p>
      </header>

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:gap-12">
        <CanvasStage
          sectionRef={stage}
          className="lg:col-start-1 lg:row-start-1"
          image={image}
          preparing={canvas.preparing}
          task={task}
          onFile={onFile}
          onImageError={onImageError}
          actions={{
            onPreview: () => {
              rememberOpener();
              setViewerOpen(true);
            },
            onUpscale: () => void onUpscale(),
            onCreateVideo: () => void onCreateVideo(),
            onDelete,
            download,
          }}
        />
        <EditForm
          className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
          busy={working}
          ready={image !== null && !loading}
          creditsLabel={credits.unknown ? 'Credits could not be checked' : credits.unlimited ? 'Unlimited credits' : `${credits.creditsLeft} credits left`}
          onEdit={(fields) => void onEdit(fields)}
          references={
            <ReferenceImages
              images={references.images}
              pending={references.pending}
              remaining={references.remaining}
              disabled={working}
              onAdd={(files) => void references.add(files)}
              onRemove={references.remove}
            />
          }
          notice={
            timeout && (
              <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
                <p className="font-medium text-destructive">{timeout}</p>
                <p className="text-muted-foreground">It took longer than 5 minutes. The photo is unchanged; please try again.</p>
              </div>
            )
          }
        />
        <RecentEdits className="lg:col-start-1 lg:row-start-2" currentId={image?.editId ?? null} disabled={working} onSelect={onSelectEdit} />
      </div>

      {image && <ImageViewer open={viewerOpen} onOpenChange={setViewerOpen} src={image.src} name={IMAGE_NAMES[image.kind]} onCloseAutoFocus={restoreFocus} />}
      <DeleteEditDialog
        open={confirmingDelete}
        deleting={deleteEdit.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={() => void onConfirmDelete()}
        onCloseAutoFocus={restoreFocus}
      />
    </div>
  );
}
