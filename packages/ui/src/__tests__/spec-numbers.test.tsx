import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../components/toaster.js';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../components/tooltip.js';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from '../constants.js';
import { dismissToast, getToasts, toast } from '../hooks/use-toast.js';

// SPEC §9: "Toasts: 1 at a time; dismissed toast removed after 1,000,000 ms; default duration 5000 ms; swipe
// right, threshold 50 px; hotkey F8; max width 420 px on medium screens and up. Tooltip delay 700 ms, skip
// delay 300 ms."

// jsdom lacks pointer capture and (depending on version) PointerEvent's fields; Radix needs both.
beforeAll(() => {
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  if (typeof window.PointerEvent === 'undefined' || !('pointerType' in new window.PointerEvent('x'))) {
    class PointerEventPolyfill extends MouseEvent {
      pointerType: string;
      pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerType = init.pointerType ?? 'mouse';
        this.pointerId = init.pointerId ?? 1;
      }
    }
    vi.stubGlobal('PointerEvent', PointerEventPolyfill);
  }
});

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('toast numbers', () => {
  it('are the spec values', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOAST_HOTKEY).toEqual(['F8']);
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it('sits bottom right, at most 420 px wide from md up', () => {
    render(<Toaster />);
    const viewport = screen.getByRole('region', { name: /F8/ }).querySelector('ol')!;
    expect(viewport).toHaveClass('fixed', 'right-0', 'md:max-w-[420px]');
    // The bottom edge: 0, unless a full-screen flow's action bar is open (useToastClearance).
    expect(viewport.style.bottom).toBe('var(--toast-bottom, 0px)');
  });

  it('moves focus to the notifications with F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Press F8' });
    });
    const viewport = screen.getByRole('region', { name: /F8/ }).querySelector('ol')!;
    expect(viewport).not.toHaveFocus();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(viewport).toHaveFocus();
  });

  it('closes a toast after 5000 ms by default', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Download Complete' });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(getToasts()[0]?.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(getToasts()[0]?.open).toBe(false);
  });

  it('draws default and destructive styles', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    expect(screen.getByText('Saved').closest('li')).toHaveClass('bg-card');
    act(() => {
      toast({ title: 'Generation Failed', variant: 'destructive' });
    });
    expect(screen.getByText('Generation Failed').closest('li')).toHaveClass('bg-destructive');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument(); // one at a time
  });

  it('is dismissed by a swipe right past 50 px, not by a shorter one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Swipe me' });
    });
    const item = screen.getByText('Swipe me').closest('li')!;
    const swipe = (dx: number) => {
      fireEvent.pointerDown(item, { clientX: 100, clientY: 10, pointerId: 1, button: 0 });
      fireEvent.pointerMove(item, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
      fireEvent.pointerUp(item, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
    };
    swipe(40);
    expect(getToasts()[0]?.open).toBe(true);
    swipe(60);
    expect(getToasts()[0]?.open).toBe(false);
  });
});

describe('tooltip timing', () => {
  // disableHoverableContent: no grace area between trigger and content, so leaving one trigger for the next
  // is a plain leave/enter, as between two icon buttons.
  function renderTooltips() {
    render(
      <TooltipProvider>
        <Tooltip disableHoverableContent>
          <TooltipTrigger>Download</TooltipTrigger>
          <TooltipContent>Download image</TooltipContent>
        </Tooltip>
        <Tooltip disableHoverableContent>
          <TooltipTrigger>Delete</TooltipTrigger>
          <TooltipContent>Delete image</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
  }
  // The trigger reports the tooltip's state: closed, delayed-open (after the delay) or instant-open (skip delay).
  const state = (name: string) => screen.getByRole('button', { name }).getAttribute('data-state');

  it('opens after 700 ms, and a neighbour opens at once within the 300 ms skip delay', () => {
    vi.useFakeTimers();
    renderTooltips();
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Download' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(699));
    expect(state('Download')).toBe('closed');
    act(() => vi.advanceTimersByTime(1));
    expect(state('Download')).toBe('delayed-open');
    fireEvent.pointerLeave(screen.getByRole('button', { name: 'Download' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(299));
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Delete' }), { pointerType: 'mouse' });
    expect(state('Delete')).toBe('instant-open');
  });

  it('waits the full 700 ms again once the 300 ms skip delay has passed', () => {
    vi.useFakeTimers();
    renderTooltips();
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Download' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(700));
    fireEvent.pointerLeave(screen.getByRole('button', { name: 'Download' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(301));
    fireEvent.pointerMove(screen.getByRole('button', { name: 'Delete' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(699));
    expect(state('Delete')).toBe('closed');
    act(() => vi.advanceTimersByTime(1));
    expect(state('Delete')).toBe('delayed-open');
  });
});
