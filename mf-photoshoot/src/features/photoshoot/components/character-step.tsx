import { Button, Spinner, cn } from '@atelier/ui';
import { useCharacters } from '../api/get-characters';

interface CharacterStepProps {
  selectedId: string | null;
  onSelect(characterId: string): void;
}

/** Step 2: a 2-column grid of the user's characters; one can be selected. */
export function CharacterStep({ selectedId, onSelect }: CharacterStepProps) {
  const characters = useCharacters(true);

  if (characters.isLoading) return <Spinner label="Loading characters" />;
  if (characters.isError)
    return (
      <div className="flex flex-col items-start gap-2 text-sm text-muted-foreground">
        <p>Your characters could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void characters.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (!characters.data?.length) return <p className="text-sm text-muted-foreground">You have no characters yet.</p>;

  return (
    <div className="grid grid-cols-2 gap-3">
      {characters.data.map((character) => {
        const selected = character.characterId === selectedId;
        return (
          <button
            key={character.id}
            type="button"
            aria-pressed={selected}
            onClick={() => onSelect(character.characterId)}
            className={cn(
              'relative flex cursor-pointer flex-col gap-2 rounded-lg border-2 bg-card p-2 text-left',
              selected ? 'border-ink' : 'border-transparent hover:border-border',
            )}
          >
            {character.previewImageUrl ? (
              <img src={character.previewImageUrl} alt="" className="aspect-[3/4] w-full rounded-md object-cover" />
            ) : (
              <span className="flex aspect-[3/4] items-center justify-center rounded-md bg-muted text-xs text-muted-foreground">No preview</span>
            )}
            <span className="text-sm font-medium">{character.name}</span>
            {selected && (
              <span aria-hidden="true" className="absolute right-3 top-3 flex h-6 w-6 items-center justify-center rounded-full bg-ink text-xs text-ivory">
                ✓
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
