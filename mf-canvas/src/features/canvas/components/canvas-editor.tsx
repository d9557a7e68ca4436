import { isUnlimited } from '@atelier/contracts';
import { useHost, useUserLimits } from '@atelier/host';
import { Button, Spinner } from '@atelier/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import {
  CAMERAS,
  CANVAS_CREDIT_COST,
  CANVAS_MODELS,
  DEFAULT_CANVAS_MODEL,
  MESSAGES,
  QUICK_PROMPTS,
  SHOT_TYPES,
  type CanvasModel,
} from '../../../constants';
import { useCanvasEdit } from '../api/get-canvas-edit';
import { useStartCanvasEdit } from '../api/start-canvas-edit';
import { ImageDropZone } from './image-drop-zone';
import { ReferenceImages } from './reference-images';

const EDIT_TIMEOUT_MS = 5 * 60_000;

export function CanvasEditor() {
  const host = useHost();
  const limits = useUserLimits();
  const promptId = useId();
  const [mainImage, setMainImage] = useState<File | null>(null);
  const [resultUrl, setResultUrl] = useState<string | null>(null);
  const [references, setReferences] = useState<File[]>([]);
  const [prompt, setPrompt] = useState('');
  const [model, setModel] = useState<CanvasModel>(DEFAULT_CANVAS_MODEL);
  const [camera, setCamera] = useState<string>(CAMERAS[0]);
  const [shotType, setShotType] = useState<string>(SHOT_TYPES[0]);
  const [jobId, setJobId] = useState<string | null>(null);

  const startEdit = useStartCanvasEdit();
  const job = useCanvasEdit(jobId);
  const editing = startEdit.isPending || jobId !== null;

  const onMainImage = useCallback((file: File) => {
    setMainImage(file);
    setResultUrl(null);
  }, []);

  // A settled job ends the edit: the result replaces the shown image, or the error is told.
  useEffect(() => {
    const status = job.data?.status;
    if (status === 'completed') {
      setResultUrl(job.data?.outputImageUrl ?? job.data?.outputImageStorageUrl ?? null);
      host.toast({ title: 'Photo edited successfully!' });
      setJobId(null);
    } else if (status === 'failed') {
      host.toast({
        title: 'Editing failed',
        description: job.data?.errorMessage || 'Photo editing failed. Please try again.',
        variant: 'destructive',
      });
      setJobId(null);
    } else if (job.isError) {
      host.toast({
        title: 'Error checking status',
        description: 'Failed to check editing status. Please try again.',
        variant: 'destructive',
      });
      setJobId(null);
    }
  }, [job.data, job.isError, host]);

  // After 5 minutes the edit times out quietly (SPEC.md §8: no toast).
  useEffect(() => {
    if (!jobId) return;
    const timer = setTimeout(() => setJobId(null), EDIT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [jobId]);

  const creditsLeft = isUnlimited(limits.credits.limit)
    ? 'Unlimited'
    : `${Math.max(0, limits.credits.limit - limits.credits.used)} credits left`;

  const onEdit = async () => {
    if (!mainImage) return window.alert(MESSAGES.mainImageRequired);
    if (!prompt.trim()) return window.alert(MESSAGES.promptRequired);
    const { used, limit } = limits.credits;
    if (!isUnlimited(limit) && used + CANVAS_CREDIT_COST > limit) {
      host.openLimitDialog({ type: 'canvas', used, limit });
      return;
    }
    try {
      const inputImages = await Promise.all([mainImage, ...references].map(readAsDataUrl));
      const { id } = await startEdit.mutateAsync({
        prompt: composePrompt(prompt, camera, shotType),
        model,
        camera,
        shotType,
        inputImages,
      });
      setJobId(id);
    } catch {
      host.toast({ title: MESSAGES.startFailedTitle, description: MESSAGES.startFailedDescription, variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:py-10">
      <div className="flex flex-col gap-3">
        <h1 className="font-display text-3xl">Canvas Editing</h1>
        {resultUrl ? (
          <img src={resultUrl} alt="Edited image" className="max-h-[32rem] w-full rounded-lg object-contain" />
        ) : (
          <ImageDropZone image={mainImage} onImage={onMainImage} />
        )}
        <ReferenceImages images={references} onChange={setReferences} />
      </div>

      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5 shadow-soft">
        <label htmlFor={promptId} className="text-sm font-medium">
          Prompt
        </label>
        <textarea
          id={promptId}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          rows={4}
          placeholder="Describe the edit"
          className="w-full resize-y rounded-md border border-border bg-background p-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        {prompt === '' && (
          <div className="flex flex-wrap gap-2" aria-label="Quick prompts" role="group">
            {QUICK_PROMPTS.map((chip) => (
              <Button key={chip} variant="outline" size="sm" onClick={() => setPrompt(chip)}>
                {chip}
              </Button>
            ))}
          </div>
        )}

        <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
          <Select label="Camera" value={camera} onChange={setCamera} options={CAMERAS.map((c) => ({ value: c, label: c }))} />
          <Select
            label="Shot Type"
            value={shotType}
            onChange={setShotType}
            options={SHOT_TYPES.map((s) => ({ value: s, label: s }))}
          />
          <Select
            label="Model"
            value={model}
            onChange={(value) => setModel(value as CanvasModel)}
            options={CANVAS_MODELS.map((m) => ({ value: m.value, label: `${m.label} (${m.tagline})` }))}
          />
        </div>

        <Button size="lg" onClick={onEdit} disabled={editing || !mainImage || prompt.trim() === ''}>
          {editing && <Spinner />}
          Edit Photo <span className="text-xs opacity-80">· {creditsLeft}</span>
        </Button>
      </div>
    </div>
  );
}

interface SelectProps {
  label: string;
  value: string;
  onChange(value: string): void;
  options: { value: string; label: string }[];
}

function Select({ label, value, onChange, options }: SelectProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full truncate rounded-md border border-border bg-background px-2 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** SPEC.md §5: the prompt, plus "Shot with <camera>" when set, plus the shot type unless Default. */
export function composePrompt(prompt: string, camera: string, shotType: string): string {
  const parts = [prompt.trim()];
  if (camera !== 'Default') parts.push(`Shot with ${camera}`);
  if (shotType !== 'Default') parts.push(`${shotType} perspective`);
  return parts.join('. ');
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
