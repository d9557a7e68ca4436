import type { Character } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHARACTERS_KEY } from './get-characters';

export interface CreateCharacterInput {
  photo: File;
  name: string;
}

/** POST /api/avatar/characters (multipart `photo` + `name`) → 201 the new Character. */
export async function createCharacter(apiRequest: Host['apiRequest'], { photo, name }: CreateCharacterInput): Promise<Character> {
  const form = new FormData();
  form.append('photo', photo);
  form.append('name', name);
  const response = await apiRequest('POST', CHARACTERS_KEY, form);
  return (await response.json()) as Character;
}

/** Creates a character from a photo and refreshes the list (the engine may take several seconds). */
export function useCreateCharacter() {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCharacterInput) => createCharacter(host.apiRequest, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CHARACTERS_KEY] }),
  });
}
