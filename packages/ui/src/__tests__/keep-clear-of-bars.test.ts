import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepClearOfBars } from '../lib/reveal.js';

const at = (element: HTMLElement, top: number, bottom: number) =>
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({ top, bottom } as DOMRect);

afterEach(() => vi.restoreAllMocks());

describe('a focused control stays clear of the sticky bars', () => {
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
    keepClearOfBars(radio, { bottom: bar });
    expect(scrollBy).toHaveBeenCalledWith({ top: 830 - 783 + 12 });

    scrollBy.mockClear();
    at(card, 600, 700);
    keepClearOfBars(radio, { bottom: bar });
    expect(scrollBy).not.toHaveBeenCalled();
    // The bar's own button is not moved.
    const generate = document.createElement('button');
    bar.append(generate);
    keepClearOfBars(generate, { bottom: bar });
    expect(scrollBy).not.toHaveBeenCalled();
    // Focus by a click is left where it is.
    matches.mockReturnValue(false);
    at(card, 745, 830);
    keepClearOfBars(radio, { bottom: bar });
    expect(scrollBy).not.toHaveBeenCalled();
    card.remove();
    bar.remove();
  });

  it('scrolls a control under a sticky header down past it, in the overlay that scrolls (a wizard), not the window', () => {
    const windowScroll = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const overlay = document.createElement('section');
    overlay.style.overflowY = 'auto';
    Object.defineProperty(overlay, 'scrollHeight', { value: 2000 });
    Object.defineProperty(overlay, 'clientHeight', { value: 800 });
    const overlayScroll = vi.fn();
    overlay.scrollBy = overlayScroll;
    const header = document.createElement('header');
    const footer = document.createElement('footer');
    const control = document.createElement('button');
    overlay.append(header, control, footer);
    document.body.append(overlay);
    at(header, 0, 120);
    at(footer, 700, 800);
    vi.spyOn(Element.prototype, 'matches').mockImplementation((selector) => selector === ':focus-visible');
    at(control, 90, 130);
    keepClearOfBars(control, { top: header, bottom: footer });
    expect(overlayScroll).toHaveBeenCalledWith({ top: -(120 - 90 + 12) });
    overlayScroll.mockClear();
    at(control, 690, 730);
    keepClearOfBars(control, { top: header, bottom: footer });
    expect(overlayScroll).toHaveBeenCalledWith({ top: 730 - 700 + 12 });
    expect(windowScroll).not.toHaveBeenCalled();
    // Shown, not focused (a note that appears): moved when asked to be.
    vi.mocked(Element.prototype.matches).mockReturnValue(false);
    overlayScroll.mockClear();
    keepClearOfBars(control, { bottom: footer });
    expect(overlayScroll).not.toHaveBeenCalled();
    keepClearOfBars(control, { bottom: footer }, { always: true });
    expect(overlayScroll).toHaveBeenCalledWith({ top: 730 - 700 + 12 });
    overlay.remove();
  });

  it('leaves alone focus outside the root (a portaled dialog) and what is taller than the room between the bars', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const root = document.createElement('form');
    const bar = document.createElement('div');
    const control = document.createElement('button');
    const dialog = document.createElement('button');
    root.append(control, bar);
    document.body.append(root, dialog);
    at(bar, 700, 768);
    vi.spyOn(Element.prototype, 'matches').mockImplementation((selector) => selector === ':focus-visible');
    at(dialog, 690, 730);
    keepClearOfBars(dialog, { bottom: bar, root });
    expect(scrollBy).not.toHaveBeenCalled();
    at(control, -100, 730); // 830 px tall, the room is 700
    keepClearOfBars(control, { bottom: bar, root });
    expect(scrollBy).not.toHaveBeenCalled();
    at(control, 690, 730);
    keepClearOfBars(control, { bottom: bar, root });
    expect(scrollBy).toHaveBeenCalledWith({ top: 730 - 700 + 12 });
    root.remove();
    dialog.remove();
  });
});
