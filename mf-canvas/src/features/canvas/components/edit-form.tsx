import {
  CAMERAS,
  CANVAS_MODELS,
  CANVAS_PROMPT_MAX,
  DEFAULT_CANVAS_MODEL,
  QUICK_PROMPTS,
  SHOT_TYPES,
  type Camera,
  type CanvasModel,
  type ShotType,
} from '@atelier/contracts';
import { Button, cn, keepClearOfBars, Spinner } from '@atelier/ui';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { OptionSelect } from './option-select';

/** The prompt's character count shows once the prompt is this close to its limit. */
const PROMPT_COUNTER_FROM = 200;

export interface EditFields {
  prompt: string;
  model: CanvasModel;
  camera: Camera;
  shotType: ShotType;
}

interface EditFormProps {
  /** Work runs: every input is disabled. */
  busy: boolean;
  /** Edit Photo can be pressed: an image is shown and nothing is loading (SPEC.md §5). */
  ready: boolean;
  /** "22 credits left" (SPEC.md §2: the button shows the credits left). */
  creditsLabel: string;
  /** The reference images' section. */
  references: ReactNode;
  /** Shown under the button (the timeout). */
  notice: ReactNode;
  onEdit(fields: EditFields): void;
  className?: string;
}

const CAMERA_OPTIONS = CAMERAS.map((camera) => ({ value: camera, label: camera }));
const SHOT_TYPE_OPTIONS = SHOT_TYPES.map((shotType) => ({ value: shotType, label: shotType }));
const MODEL_OPTIONS = CANVAS_MODELS.map((model) => ({ value: model.value, label: model.label, detail: model.tagline }));

/** The edit's prompt (with quick prompt chips while it is empty), camera, shot type and model, and Edit Photo. */
export function EditForm({ busy, ready, creditsLabel, references, notice, onEdit, className }: EditFormProps) {
  const promptId = useId();
  const hintId = useId();
  const [prompt, setPrompt] = useState('');
  const [camera, setCamera] = useState<Camera>('Default');
  const [shotType, setShotType] = useState<ShotType>('Default');
  const [model, setModel] = useState<CanvasModel>(DEFAULT_CANVAS_MODEL);
  const canEdit = ready && prompt.trim() !== '';

  const bar = useRef<HTMLDivElement>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    // The form disables itself while the edit runs, and focus fell to the page's body: it waits on the Edit Photo bar.
    const form = bar.current?.closest('form');
    if (form?.contains(document.activeElement)) bar.current?.focus();
    onEdit({ prompt, model, camera, shotType });
  };

  const onPromptKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      // A control focused from the keyboard under the sticky Edit Photo bar (a phone, a zoomed page) is scrolled above it.
      onFocus={(event) => keepClearOfBars(event.target, { bottom: bar.current, root: event.currentTarget })}
      aria-label="Edit"
      className={cn('flex min-w-0 flex-col gap-6 rounded-2xl border border-border bg-card p-4 shadow-soft sm:p-6', className)}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={promptId} className="text-[11px] font-medium uppercase tracking-[0.18em] text-muted-foreground">
          Prompt
        </label>
        <textarea
          id={promptId}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={onPromptKeyDown}
          disabled={busy}
          rows={4}
          maxLength={CANVAS_PROMPT_MAX}
          placeholder="Describe the change: warmer light, an emerald dress, softer skin…"
          aria-describedby={hintId}
          className="w-full resize-y rounded-xl border border-border bg-background px-4 py-3 text-[15px] leading-relaxed placeholder:text-muted-foreground/70 focus-visible:border-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:opacity-60"
        />
        <span id={hintId} className="flex justify-between gap-3 text-[11px] text-muted-foreground">
          <span>Ctrl or ⌘ + Enter to edit</span>
          {/* Near the limit the box stops taking text: say so before it does. */}
          {prompt.length > CANVAS_PROMPT_MAX - PROMPT_COUNTER_FROM && (
            <span aria-live="polite" className={cn('tabular-nums', prompt.length >= CANVAS_PROMPT_MAX && 'font-medium text-destructive')}>
              {prompt.length} / {CANVAS_PROMPT_MAX} characters
            </span>
          )}
        </span>
        {prompt === '' && (
          <div role="group" aria-label="Quick prompts" className="flex flex-wrap gap-2">
            {QUICK_PROMPTS.map((chip) => (
              <Button
                key={chip}
                variant="outline"
                size="sm"
                disabled={busy}
                onClick={() => {
                  setPrompt(chip);
                  // The chips go once the prompt has text (focus fell to the page's body): on to the prompt, to go on.
                  document.getElementById(promptId)?.focus();
                }}
              >
                {chip}
              </Button>
            ))}
          </div>
        )}
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <OptionSelect
          label="Camera"
          value={camera}
          onChange={(value) => setCamera(value as Camera)}
          options={CAMERA_OPTIONS}
          disabled={busy}
          className="sm:col-span-2"
        />
        <OptionSelect label="Shot Type" value={shotType} onChange={(value) => setShotType(value as ShotType)} options={SHOT_TYPE_OPTIONS} disabled={busy} />
        <OptionSelect label="Model" value={model} onChange={(value) => setModel(value as CanvasModel)} options={MODEL_OPTIONS} disabled={busy} />
      </div>

      {references}

      {/* The button stays in reach while the inputs scroll past on phones. */}
      <div ref={bar} tabIndex={-1} className="sticky bottom-0 z-10 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring/40 [@media(max-height:480px)]:static -mx-4 -mb-4 flex flex-col gap-3 rounded-b-2xl border-t border-border bg-card/95 px-4 pb-4 pt-4 backdrop-blur sm:-mx-6 sm:-mb-6 sm:px-6 sm:pb-6">
        <Button type="submit" size="lg" disabled={busy || !canEdit} className="w-full">
          {busy && <Spinner label="Editing" className="[&_svg]:h-4 [&_svg]:w-4" />}
          Edit Photo
          <span className="text-xs font-normal opacity-80">· {creditsLabel}</span>
        </Button>
        {notice}
      </div>
    </form>
  );
}
