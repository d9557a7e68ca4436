import { useHost } from '@atelier/host';
import { Button, cn, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, isImageFile, Spinner } from '@atelier/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../constants';
import { useCreateCharacter } from '../api/create-character';
import type { Character } from '../api/get-characters';
import { useObjectUrl } from '../hooks/use-object-url';
import { parseApiError } from '../utils/api-error';
import { photoProblem } from '../utils/check-photo';
import { CHARACTER_NAME_MAX, characterNameError } from '../utils/character-name';
import { UploadIcon } from './icons';

interface CreateCharacterDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(character: Character): void;
  onCloseAutoFocus?(event: Event): void;
}

/** A small form: a photo of a person and a name → POST /api/avatar/characters (the engine takes a few seconds). */
export function CreateCharacterDialog({ open, ...props }: CreateCharacterDialogProps) {
  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      {open && <CreateCharacterForm {...props} />}
    </Dialog>
  );
}

function CreateCharacterForm({ onOpenChange, onCreated, onCloseAutoFocus }: Omit<CreateCharacterDialogProps, 'open'>) {
  const host = useHost();
  const create = useCreateCharacter();
  const [photo, setPhoto] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ photo?: string; name?: string }>({});
  const previewUrl = useObjectUrl(photo);
  const photoId = useId();
  const nameId = useId();
  const pending = create.isPending;

  // The photo is checked as it is picked (an image the browser can open, large enough): the latest pick wins.
  const photoPick = useRef(0);
  const choosePhoto = async (file: File) => {
    const pick = ++photoPick.current;
    const problem = isImageFile(file) ? await photoProblem(file) : { description: 'Please choose an image' };
    if (pick !== photoPick.current) return;
    if (problem) return setErrors((e) => ({ ...e, photo: problem.description }));
    setPhoto(file);
    setErrors((e) => ({ ...e, photo: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nameError = characterNameError(name);
    const photoError = photo ? undefined : 'Please choose a photo';
    setErrors({ photo: photoError, name: nameError ?? undefined });
    // The first field asked for takes focus, so its message is read out (focus stayed on the button).
    if (photoError) document.getElementById(photoId)?.focus();
    else if (nameError) document.getElementById(nameId)?.focus();
    if (!photo || nameError) return;
    create.mutate(
      { photo, name: name.trim() },
      {
        onSuccess: (character) => {
          onCreated(character);
          onOpenChange(false);
        },
        onError: (error) => {
          const { status, message } = parseApiError(error);
          host.toast({
            title: MESSAGES.characterCreateFailed.title,
            description: (status !== null && message) || MESSAGES.characterCreateFailed.fallback,
            variant: 'destructive',
          });
        },
      },
    );
  };

  const keepOpenWhilePending = (event: Event) => pending && event.preventDefault();

  return (
    <DialogContent
      data-remote="mf_photoshoot" // portaled out of the remote's container: keeps its scoped CSS applying
      className="max-h-[calc(100dvh-2rem)] max-w-md overflow-y-auto"
      hideClose={pending}
      onEscapeKeyDown={keepOpenWhilePending}
      onInteractOutside={keepOpenWhilePending}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <DialogHeader>
        <DialogTitle>Create a character</DialogTitle>
        <DialogDescription>A clear photo of one person becomes a studio character you can dress.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
        <fieldset disabled={pending} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">Photo</span>
            <label
              htmlFor={photoId}
              className={cn(
                'relative flex cursor-pointer items-center gap-4 rounded-lg border border-dashed border-border bg-background/60 p-3 transition-colors hover:border-ink',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                errors.photo && 'border-destructive',
              )}
            >
              {previewUrl ? (
                <img src={previewUrl} alt="Chosen photo" className="h-24 w-20 shrink-0 rounded-md object-cover" />
              ) : (
                <span className="flex h-24 w-20 shrink-0 items-center justify-center rounded-md bg-muted text-stone">
                  <UploadIcon className="h-6 w-6" />
                </span>
              )}
              <span className="flex flex-col gap-0.5 text-sm">
                <span className="font-medium">{photo ? 'Change photo' : 'Choose a photo'}</span>
                <span className="text-xs text-muted-foreground">{photo ? photo.name : 'One person, face and body in view'}</span>
              </span>
              <input
                id={photoId}
                type="file"
                accept="image/*"
                className="sr-only"
                aria-invalid={errors.photo ? true : undefined}
                aria-describedby={errors.photo ? `${photoId}-error` : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = ''; // the same file chosen again still fires a change
                  if (file) void choosePhoto(file);
                }}
              />
            </label>
            {errors.photo && (
              <p id={`${photoId}-error`} className="text-xs text-destructive">
                {errors.photo}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={nameId} className="text-sm font-medium">
              Name
            </label>
            <input
              id={nameId}
              value={name}
              maxLength={CHARACTER_NAME_MAX}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${nameId}-error` : undefined}
              className={cn(
                'h-10 rounded-md border border-border bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                errors.name && 'border-destructive',
              )}
            />
            {errors.name && (
              <p id={`${nameId}-error`} className="text-xs text-destructive">
                {errors.name}
              </p>
            )}
          </div>
        </fieldset>
        {pending && (
          <div className="flex items-center gap-3 rounded-md bg-muted px-3 py-2.5 text-sm">
            <Spinner label="Creating character" className="shrink-0" />
            <span>Creating your character… this can take several seconds.</span>
          </div>
        )}
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Creating…' : 'Create character'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
