import { describe, expect, it } from 'vitest';
import { fakeGeneration } from '../../../testing/fake-api';
import { groupPhotoSets, setCaption } from '../utils/photo-sets';

const photo = (shoot: string, pose: number) =>
  fakeGeneration({
    id: `${shoot}-${pose}`,
    type: 'photoshoot',
    prompt: `Photoshoot · Mira · pose ${pose}`,
    inputs: { photoshoot: shoot },
    createdAt: new Date(Date.UTC(2026, 10, 27, 10, 0, 0, pose)).toISOString(),
  });

describe('groupPhotoSets', () => {
  it("makes one entry of a photoshoot's photos listed together, in pose order, and leaves the rest alone", () => {
    const image = fakeGeneration({ id: 'img' });
    // Newest first, as the list comes: pose 3 of shoot A first.
    const items = [image, photo('A', 3), photo('A', 2), photo('A', 1), fakeGeneration({ id: 'img2' }), photo('B', 1)];
    const entries = groupPhotoSets(items);
    expect(entries.map((entry) => [entry.cover.id, entry.set?.map((g) => g.id) ?? null])).toEqual([
      ['img', null],
      ['A-1', ['A-1', 'A-2', 'A-3']],
      ['img2', null],
      ['B-1', null], // one photo alone is a plain tile
    ]);
    expect(groupPhotoSets([])).toEqual([]);
  });

  it('names a set by its photoshoot, without the pose', () => {
    expect(setCaption('Photoshoot · Mira · pose 4')).toBe('Photoshoot · Mira');
    expect(setCaption(null)).toBe('');
  });
});
