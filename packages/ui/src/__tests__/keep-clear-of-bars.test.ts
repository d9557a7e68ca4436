import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAboveBar } from '../utils/keep-above-bar';

const at = (element: HTMLElement, top: number, bottom: number) =>
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ top, bottom } as DOMRect);

afterEach(() => vi.restoreAllMocks());

describe('a focused control of the create form stays above the sticky Generate bar', () => {
  it('scrolls a radio whose card reaches under the bar up past it, and leaves one above it alone', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const bar = document.createElement('div');
    const card = document.createElement('label');
    const radio = document.createElement('input');
    card.append(radio);
    document.body.append(card, bar);
    at(bar, 783, 900);
    // Focused from the keyboard (jsdom has no :focus-visible of its own).
    const matches = vi.spyOn(Element.prototype, 'matches').mockImplementation((selector) => selector === ':focus-visible');
    at(radio, 745, 746); // the visually hidden input: at the card's top, seemingly clear of the bar
    at(card, 745, 830);
    keepAboveBar(radio, bar);
    expect(scrollBy).toHaveBeenCalledWith({ top: 830 - 783 + 12 });

    scrollBy.mockClear();
    at(card, 600, 700);
    keepAboveBar(radio, bar);
    expect(scrollBy).not.toHaveBeenCalled();
    // The bar's own button is not moved.
    const generate = document.createElement('button');
    bar.append(generate);
    keepAboveBar(generate, bar);
    expect(scrollBy).not.toHaveBeenCalled();
    // Focus by a click is left where it is.
    matches.mockReturnValue(false);
    at(card, 745, 830);
    keepAboveBar(radio, bar);
    expect(scrollBy).not.toHaveBeenCalled();
    card.remove();
    bar.remove();
  });
});
