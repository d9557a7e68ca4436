import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnboardingDialog } from '../components/onboarding-dialog';
import { ONBOARDING_SHOWN_KEY, useFirstVisit } from '../hooks/use-first-visit';

afterEach(() => window.localStorage.clear());

const stepTitles = ['Welcome', 'Choose your style', 'AI that redefines style', 'Ready to create'];

describe('OnboardingDialog', () => {
  it('opens from the Onboarding button and walks the four steps, Okay on the last', async () => {
    render(<OnboardingDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Onboarding' }));
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Atelier' });
    expect(dialog).toHaveTextContent('Create high-aesthetic fashion images and videos in seconds.');
    expect(screen.getAllByTestId('onboarding-dot')).toHaveLength(4);
    for (const [i, title] of stepTitles.entries()) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByRole('list', { name: `Step ${i + 1} of 4` })).toBeInTheDocument();
      expect(screen.getAllByTestId('onboarding-dot')[i]).toHaveAttribute('aria-current', 'step');
      if (i < 3) await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    }
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('limitless glam AI studio');
    await userEvent.click(screen.getByRole('button', { name: 'Okay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has the texts of each step', async () => {
    render(<OnboardingDialog defaultOpen />);
    expect(screen.getByText(/Create high-aesthetic fashion images and videos in seconds/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/styles and presets .* dynamic animations/i)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Re-dress any character and re-edit any visual/)).toBeInTheDocument();
  });

  it('restarts at step 1 every time it opens, after Skip or Escape', async () => {
    render(<OnboardingDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Onboarding' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'AI that redefines style' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Onboarding' }));
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Onboarding' }));
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('when controlled from outside, shows no Onboarding button and reports closing', async () => {
    const onOpenChange = vi.fn();
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Tour</button>
          <OnboardingDialog
            open={open}
            onOpenChange={(next) => {
              onOpenChange(next);
              setOpen(next);
            }}
          />
        </>
      );
    }
    render(<Harness />);
    expect(screen.queryByRole('button', { name: 'Onboarding' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tour' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(screen.getByRole('button', { name: 'Tour' }));
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('starts on Next and keeps focus inside while open', async () => {
    render(<OnboardingDialog defaultOpen />);
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus());
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

describe('useFirstVisit', () => {
  it('is true once per browser and sets the onboarding-shown flag', () => {
    const first = renderHook(() => useFirstVisit());
    expect(first.result.current).toBe(true);
    expect(window.localStorage.getItem(ONBOARDING_SHOWN_KEY)).toBe('true');
    const second = renderHook(() => useFirstVisit());
    expect(second.result.current).toBe(false);
  });
});
