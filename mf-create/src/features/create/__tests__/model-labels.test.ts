import { describe, expect, it } from 'vitest';
import { costLabel, modelLabel } from '../../../constants';

describe("the viewer's model and credits", () => {
  it('names models as the pickers do, the local engine in words, hosted ids as they are', () => {
    expect(modelLabel('wan-2.5')).toBe('Wan 2.5');
    expect(modelLabel('flux-kontext-max')).toBe('Flux Kontext Max');
    expect(modelLabel('seedream-4-edit')).toBe('Seedream 4.0 Edit');
    expect(modelLabel('local/editorial-scene')).toBe('Local editorial scene');
    expect(modelLabel('local/edit:recolour+portra')).toBe('Local photo edit');
    expect(modelLabel('local/parallax-dolly-in')).toBe('Local motion video');
    expect(modelLabel('local/redress')).toBe('Local try-on, redrawn');
    expect(modelLabel('photoshoot')).toBe('Photoshoot');
    expect(modelLabel('fal-ai/bytedance/seedream/v4/text-to-image')).toBe('fal-ai/bytedance/seedream/v4/text-to-image');
  });

  it('says where a canvas edit or a photoshoot photo was paid for instead of "0"', () => {
    expect(costLabel('image', 1)).toBe('1');
    expect(costLabel('video', 20)).toBe('20');
    expect(costLabel('canvas', 0)).toBe('Paid as the canvas edit');
    expect(costLabel('photoshoot', 0)).toBe('Part of the photoshoot');
  });
});
