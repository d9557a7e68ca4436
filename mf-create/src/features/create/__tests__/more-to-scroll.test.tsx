import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useMoreToScroll } from '../hooks/use-more-to-scroll';

/** A row shown after a loading state, as the preset styles are. */
function Row() {
  const [loaded, setLoaded] = useState(false);
  const { ref, more } = useMoreToScroll<HTMLDivElement>();
  return loaded ? (
    <div ref={ref} data-testid="row" data-more={more} />
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
      size(row, 600, 390, 210);
      fireEvent.scroll(row);
      expect(row).toHaveAttribute('data-more', 'false');
      size(row, 600, 390, 100);
      fireEvent.scroll(row);
      expect(row).toHaveAttribute('data-more', 'true');
    } finally {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).scrollWidth;
      delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientWidth;
    }
  });
});
