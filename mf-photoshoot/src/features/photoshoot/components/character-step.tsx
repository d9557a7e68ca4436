import { Button, cn, Spinner } from '@atelier/ui';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useReturnFocus } from '../../../hooks/use-return-focus';
import { useCharacters, type Character } from '../api/get-characters';
import { CreateCharacterDialog } from './create-character-dialog';
import { DeleteCharacterDialog, RenameCharacterDialog } from './edit-character-dialogs';
import { CheckIcon, PencilIcon, PlusIcon, TrashIcon } from './icons';

interface CharacterStepProps {
  selectedId: string | null;
  onSelect(characterId: string | null): void;
}

type Editing = { kind: 'rename' | 'delete'; character: Character } | null;

/** Step 2: a 2-column grid of the user's characters (house cast first); one can be selected, own ones edited. */
export function CharacterStep({ selectedId, onSelect }: CharacterStepProps) {
  const characters = useCharacters(true);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const createTile = useRef<HTMLButtonElement>(null);
  // A deleted character's card is gone: focus goes to the create tile instead.
  const { remember, onCloseAutoFocus } = useReturnFocus(() => createTile.current);
  // A character just made: its card (at the end of the list, often below the fold) is shown and focused once it is
  // there and the dialog has closed, whichever comes last, rather than focus going back to the create tile. Refs: the
  // dialog calls the close handler of the render before it closed.
  const [created, setCreated] = useState<string | null>(null);
  const justCreated = useRef<{ id: string; closed: boolean } | null>(null);
  const createdCard = useRef<HTMLButtonElement | null>(null);
  const reveal = useCallback(() => {
    const button = createdCard.current;
    if (!button || !justCreated.current?.closed) return;
    button.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    button.focus({ preventScroll: true });
    justCreated.current = null;
    setCreated(null);
  }, []);
  const revealed = useCallback(
    (button: HTMLButtonElement | null) => {
      createdCard.current = button;
      reveal();
    },
    [reveal],
  );

  if (characters.isLoading)
    return (
      <div className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
        <Spinner label="Loading characters" />
        Loading characters…
      </div>
    );
  if (characters.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-border bg-card p-5 text-sm">
        <p>Your characters could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void characters.refetch()}>
          Try again
        </Button>
      </div>
    );

  const list = characters.data ?? [];
  return (
    <>
      {list.length === 0 && <p className="text-sm text-muted-foreground">You have no characters yet.</p>}
      <ul aria-label="Characters" className="mx-auto grid w-full max-w-xl grid-cols-2 gap-3 sm:gap-4">
        <li>
          <button
            ref={createTile}
            type="button"
            onClick={() => {
              remember();
              setCreating(true);
            }}
            className="flex h-full min-h-48 w-full cursor-pointer flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-border bg-background/60 p-4 text-center transition-colors hover:border-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex h-11 w-11 items-center justify-center rounded-full bg-ink text-ivory">
              <PlusIcon className="h-5 w-5" />
            </span>
            <span className="font-display text-lg leading-tight">Create character</span>
            <span className="text-xs text-muted-foreground">From a photo of a person</span>
          </button>
        </li>
        {list.map((character) => (
          <CharacterCard
            key={character.id}
            character={character}
            selected={character.characterId === selectedId}
            buttonRef={character.characterId === created ? revealed : undefined}
            onSelect={() => onSelect(character.characterId)}
            onRename={() => {
              remember();
              setEditing({ kind: 'rename', character });
            }}
            onDelete={() => {
              remember();
              setEditing({ kind: 'delete', character });
            }}
          />
        ))}
      </ul>
      <CreateCharacterDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(character) => {
          onSelect(character.characterId);
          justCreated.current = { id: character.characterId, closed: false };
          setCreated(character.characterId);
        }}
        onCloseAutoFocus={(event) => {
          // A character made at an earlier opening whose card never came (the list could not be read) is let go.
          if (!justCreated.current || justCreated.current.closed) {
            justCreated.current = null;
            return onCloseAutoFocus(event);
          }
          event.preventDefault();
          justCreated.current.closed = true;
          reveal();
        }}
      />
      <RenameCharacterDialog
        character={editing?.kind === 'rename' ? editing.character : null}
        onClose={() => setEditing(null)}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <DeleteCharacterDialog
        character={editing?.kind === 'delete' ? editing.character : null}
        onClose={() => setEditing(null)}
        onCloseAutoFocus={onCloseAutoFocus}
        onDeleted={(character) => character.characterId === selectedId && onSelect(null)}
      />
    </>
  );
}

interface CharacterCardProps {
  character: Character;
  selected: boolean;
  /** Given the card's button once it is in the page (a character just made is shown and focused). */
  buttonRef?: (button: HTMLButtonElement | null) => void;
  onSelect(): void;
  onRename(): void;
  onDelete(): void;
}

function CharacterCard({ character, selected, buttonRef, onSelect, onRename, onDelete }: CharacterCardProps) {
  return (
    <li
      className={cn(
        'relative flex flex-col overflow-hidden rounded-lg border-2 bg-card transition-colors',
        selected ? 'border-ink shadow-soft' : 'border-transparent hover:border-border',
      )}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className="flex cursor-pointer flex-col gap-2 p-2 pb-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
      >
        {character.previewImageUrl ? (
          <img src={character.previewImageUrl} alt="" className="aspect-[2/3] w-full rounded-md bg-muted object-cover" />
        ) : (
          // The card's name is the character's; "No preview" is only what it shows.
          <span aria-hidden="true" className="flex aspect-[2/3] w-full items-center justify-center rounded-md bg-muted text-xs text-muted-foreground">
            No preview
          </span>
        )}
        <span className="truncate px-1 text-sm font-medium">{character.name}</span>
      </button>
      {selected && (
        <span aria-hidden="true" className="absolute right-3 top-3 flex h-7 w-7 items-center justify-center rounded-full bg-ink text-ivory shadow-soft">
          <CheckIcon className="h-4 w-4" />
        </span>
      )}
      {character.house ? (
        <span className="px-3 pb-2 text-[10px] uppercase tracking-[0.14em] text-muted-foreground">Studio cast</span>
      ) : (
        <div className="flex items-center gap-1 px-2 pb-2">
          <span className="flex-1 px-1 text-[10px] uppercase tracking-[0.14em] text-muted-foreground">Yours</span>
          <IconButton label={`Rename ${character.name}`} onClick={onRename}>
            <PencilIcon className="h-4 w-4" />
          </IconButton>
          <IconButton label={`Delete ${character.name}`} onClick={onDelete}>
            <TrashIcon className="h-4 w-4" />
          </IconButton>
        </div>
      )}
    </li>
  );
}

function IconButton({ label, onClick, children }: { label: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className="flex h-8 w-8 cursor-pointer items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </button>
  );
}
