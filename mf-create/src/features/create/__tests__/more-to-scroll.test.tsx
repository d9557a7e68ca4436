import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useMoreToScroll } from '../hooks/use-more-to-scroll';

/** A row shown after a loading state, as the preset styles are. */
function Row() {
  const [loaded, setLoaded] = useState(false);
  const { ref, more, before, fade } = useMoreToScroll<HTMLDivElement>();
  return loaded ? (
    <div ref={ref} data-testid="row" data-more={more} data-before={before} className={fade} />
  ) : (
    <button type="button" onClick={() => setLoaded(true)}>
      load
    </button>
  );
}

/** jsdom lays nothing out: the row's sizes are set by hand. */
function size(row: HTMLElement, scrollWidth: number, clientWidth: number, scrollLeft: number) {
  Object.defineProperty(row, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: clientWidth });
  row.scrollLeft = scrollLeft;
}

describe('useMoreToScroll', () => {
  it('says there is more while the row is not scrolled to its end, for a row rendered after loading too', () => {
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 390 });
    try {
      render(<Row />);
      act(() => screen.getByRole('button', { name: 'load' }).click());
      const row = screen.getByTestId('row');
      expect(row).toHaveAttribute('data-more', 'true');
      expect(row).toHaveAttribute('data-before', 'false');
      expect(row.className).toContain('black_calc(100%-2.5rem),transparent');
      size(row, 600, 390, 210);
      fireEvent.scroll(row);
      // At the end: nothing more to the right, but what was scrolled past fades at the left.
      expect(row).toHaveAttribute('data-more', 'false');
      expect(row).toHaveAttribute('data-before', 'true');
      expect(row.className).toBe('[mask-image:linear-gradient(to_right,transparent,black_2.5rem)]');
      size(row, 600, 390, 100);
      fireEvent.scroll(row);
      expect(row).toHaveAttribute('data-more', 'true');
      expect(row.className).toContain('transparent,black_2.5rem,black_calc(100%-2.5rem),transparent');
    } finally {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).scrollWidth;
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
    }
  });
});
