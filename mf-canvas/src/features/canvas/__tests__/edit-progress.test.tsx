import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditProgress } from '../components/edit-progress';

describe('EditProgress', () => {
  afterEach(() => vi.restoreAllMocks());

  const placed = (top: number, bottom: number) => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top, bottom } as DOMRect);
    const scroll = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', { value: scroll, configurable: true });
    return scroll;
  };

  it('scrolls itself into view when the image is off screen (a phone, the form below the image)', () => {
    const scroll = placed(-400, -20);
    render(<EditProgress label="Editing photo" startedAt={Date.now()} />);
    expect(screen.getByText('Editing photo…')).toBeInTheDocument();
    expect(scroll).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' });
  });

  it('stays put when it is already in view (a desktop screen)', () => {
    const scroll = placed(100, 500);
    render(<EditProgress label="Editing photo" startedAt={Date.now()} />);
    expect(scroll).not.toHaveBeenCalled();
  });
});
