import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../components/dialog.js';
import { Progress } from '../components/progress.js';
import { Spinner } from '../components/spinner.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/tabs.js';
import { cn } from '../lib/cn.js';

describe('primitives', () => {
  it('opens a dialog with its title and closes it with the close button', async () => {
    render(
      <Dialog>
        <DialogTrigger>Open</DialogTrigger>
        <DialogContent>
          <DialogTitle>Not enough credits</DialogTitle>
          <DialogDescription>Unlock Unlimited Access.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Not enough credits' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives focus back to what opened a dialog without a DialogTrigger (a card that sets state) when it closes', async () => {
    function Gallery() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button">Before</button>
          <button type="button" onClick={() => setOpen(true)}>
            Open picture
          </button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent>
              <DialogTitle>Picture</DialogTitle>
            </DialogContent>
          </Dialog>
        </>
      );
    }
    render(<Gallery />);
    const card = screen.getByRole('button', { name: 'Open picture' });
    card.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Picture' })).toBeInTheDocument();
    expect(card).not.toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card).toHaveFocus();
  });

  it('brings what takes focus from the keyboard into view (Radix wraps Tab to the Close button without scrolling)', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const matches = vi.spyOn(Element.prototype, 'matches');
    try {
      render(
        <Dialog defaultOpen>
          <DialogContent>
            <DialogTitle>Picture</DialogTitle>
            <button type="button">Download</button>
          </DialogContent>
        </Dialog>,
      );
      const close = screen.getByRole('button', { name: 'Close' });
      const download = screen.getByRole('button', { name: 'Download' });
      // jsdom has no :focus-visible of its own: from the keyboard, then by a click.
      matches.mockImplementation((selector) => selector === ':focus-visible');
      close.focus();
      expect(scrolled).toEqual([close]);
      matches.mockReturnValue(false);
      download.focus();
      expect(scrolled).toEqual([close]);
    } finally {
      Element.prototype.scrollIntoView = original;
      matches.mockRestore();
    }
  });

  it('switches tabs', async () => {
    render(
      <Tabs defaultValue="image">
        <TabsList>
          <TabsTrigger value="image">Image</TabsTrigger>
          <TabsTrigger value="video">Video</TabsTrigger>
        </TabsList>
        <TabsContent value="image">Image panel</TabsContent>
        <TabsContent value="video">Video panel</TabsContent>
      </Tabs>,
    );
    expect(screen.getByText('Image panel')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Video' }));
    expect(screen.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Video panel')).toBeVisible();
  });

  it('reports progress and loading to assistive technology', () => {
    render(
      <>
        <Progress value={40} aria-label="Generating" />
        <Spinner />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Generating' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('cn lets a later class win', () => {
    expect(cn('px-2 text-sm', undefined, { hidden: false }, 'px-4')).toBe('text-sm px-4');
  });
});
