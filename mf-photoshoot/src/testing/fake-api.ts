// The API as the Photoshoot flow sees it, faked in memory for tests (the network only: the flow runs
// through the real apiRequest). The photoshoot service does not exist yet, so the answers follow SPEC.md:
// GET /api/avatar/characters → the user's characters, each { id, characterId, name, previewImageUrl }.
// Any other route fails the test (see @atelier/host/testing).
import { installFakeApi as installHostFakeApi, installedFakeApi, json, type FakeApi, type FakeRoutes } from '@atelier/host/testing';
import type { Character } from '../features/photoshoot/api/get-characters';

export { json };

export interface PhotoshootFakeApi extends FakeApi {
  /** The user's characters, as GET /api/avatar/characters lists them (a test may change them). */
  characters: Character[];
}

let nextCharacter = 1;
export function fakeCharacter(name: string, overrides: Partial<Character> = {}): Character {
  const n = nextCharacter++;
  return {
    id: String(n),
    characterId: `char_${n.toString(16).padStart(8, '0')}`,
    name,
    previewImageUrl: `/media/avatar/characters/2026/11/${n.toString(16).padStart(32, '0')}.jpg`,
    ...overrides,
  };
}

export function installFakeApi(routes: FakeRoutes = {}): PhotoshootFakeApi {
  const api = Object.assign(installHostFakeApi(), { characters: [] as Character[] });
  api.on('GET /api/avatar/characters', () => api.characters);
  for (const [route, handler] of Object.entries(routes)) api.on(route, handler);
  return api;
}

/** The fake installed in this test, or one with the default answers (no characters). */
export const currentFakeApi = (): PhotoshootFakeApi => (installedFakeApi() as PhotoshootFakeApi | null) ?? installFakeApi();
