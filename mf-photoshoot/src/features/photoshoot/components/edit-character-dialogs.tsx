import { useHost } from '@atelier/host';
import { Button, cn, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@atelier/ui';
import { useId, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../constants';
import { useDeleteCharacter } from '../api/delete-character';
import type { Character } from '../api/get-characters';
import { useRenameCharacter } from '../api/rename-character';
import { parseApiError } from '../utils/api-error';
import { CHARACTER_NAME_MAX, characterNameError } from '../utils/character-name';

const failure = (error: unknown, fallback: string) => {
  const { status, message } = parseApiError(error);
  return (status !== null && message) || fallback;
};

/** Renames one of the user's own characters (PATCH /api/avatar/characters/:id). */
interface RenameCharacterDialogProps {
  character: Character | null;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}

export function RenameCharacterDialog({ character, onClose, onCloseAutoFocus }: RenameCharacterDialogProps) {
  return (
    <Dialog open={character !== null} onOpenChange={(open) => !open && onClose()}>
      {character && <RenameForm key={character.id} character={character} onClose={onClose} onCloseAutoFocus={onCloseAutoFocus} />}
    </Dialog>
  );
}

function RenameForm({ character, onClose, onCloseAutoFocus }: RenameCharacterDialogProps & { character: Character }) {
  const host = useHost();
  const rename = useRenameCharacter();
  const [name, setName] = useState(character.name);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = characterNameError(name);
    setError(problem);
    if (problem) return;
    rename.mutate(
      { id: character.id, name: name.trim() },
      {
        onSuccess: onClose,
        onError: (reason) =>
          host.toast({
            title: MESSAGES.characterRenameFailed.title,
            description: failure(reason, MESSAGES.characterRenameFailed.fallback),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <DialogContent data-remote="mf_photoshoot" className="max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Rename character</DialogTitle>
        <DialogDescription>The new name shows on its card.</DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={nameId} className="text-sm font-medium">
            Name
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={CHARACTER_NAME_MAX}
            autoComplete="off"
            disabled={rename.isPending}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${nameId}-error` : undefined}
            className={cn(
              'h-10 rounded-md border border-border bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              error && 'border-destructive',
            )}
          />
          {error && (
            <p id={`${nameId}-error`} className="text-xs text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={onClose} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

interface DeleteCharacterDialogProps {
  character: Character | null;
  onClose(): void;
  onDeleted(character: Character): void;
  onCloseAutoFocus?(event: Event): void;
}

/** Asks before deleting one of the user's own characters (DELETE /api/avatar/characters/:id). */
export function DeleteCharacterDialog({ character, onClose, onDeleted, onCloseAutoFocus }: DeleteCharacterDialogProps) {
  const host = useHost();
  const remove = useDeleteCharacter();
  return (
    <Dialog open={character !== null} onOpenChange={(open) => !open && onClose()}>
      {character && (
        <DialogContent data-remote="mf_photoshoot" className="max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>Delete {character.name}?</DialogTitle>
            <DialogDescription>The character leaves your list. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(character.id, {
                  onSuccess: () => {
                    onDeleted(character);
                    onClose();
                  },
                  onError: (reason) =>
                    host.toast({
                      title: MESSAGES.characterDeleteFailed.title,
                      description: failure(reason, MESSAGES.characterDeleteFailed.fallback),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
