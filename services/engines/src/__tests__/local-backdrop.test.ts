import { describe, expect, it } from 'vitest';
import { renderSceneLayers } from '../local/text-to-image.js';

describe('local textToImage stage', () => {
  it('stands the figure on the right third of a 16:9 frame (the masthead takes the left) and centred on portrait frames', async () => {
    for (const [aspectRatio, low, high] of [
      ['16:9', 0.55, 0.75],
      ['2:3', 0.4, 0.6],
    ] as const) {
      const layers = await renderSceneLayers({ prompt: 'camel trench coat, full body', aspectRatio, seed: 6 });
      const { left, right } = layers.figureBox;
      const centre = (left + right) / 2 / layers.width;
      expect(centre, aspectRatio).toBeGreaterThan(low);
      expect(centre, aspectRatio).toBeLessThan(high);
      // A full-length figure: feet near the floor line, head below the top of the frame.
      expect(layers.figureBox.top / layers.height, aspectRatio).toBeGreaterThan(0.1);
      expect(layers.figureBox.bottom / layers.height, aspectRatio).toBeLessThan(0.96);
    }
  }, 60_000);
});
