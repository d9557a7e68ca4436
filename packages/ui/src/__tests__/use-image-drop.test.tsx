import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useImageDrop, type UseImageDropOptions } from '../hooks/use-image-drop.js';

function Zone(props: UseImageDropOptions) {
  const { isDragging, dropZoneProps } = useImageDrop(props);
  return (
    <div data-testid="zone" data-dragging={isDragging} {...dropZoneProps}>
      <span data-testid="child">Drop here</span>
    </div>
  );
}

const png = (name = 'photo.png') => new File(['png'], name, { type: 'image/png' });
const pdf = () => new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });

describe('useImageDrop', () => {
  it('takes the first image of a drop, skipping other files', () => {
    const onImage = vi.fn();
    render(<Zone onImage={onImage} />);
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [pdf(), png('a.png'), png('b.png')] } });
    expect(onImage).toHaveBeenCalledTimes(1);
    expect(onImage.mock.calls[0]![0]).toHaveProperty('name', 'a.png');
  });

  it('ignores a drop without images, or hands it to onRejected when given', () => {
    const onImage = vi.fn();
    const { unmount } = render(<Zone onImage={onImage} />);
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [pdf()] } });
    expect(onImage).not.toHaveBeenCalled();
    unmount();

    const onRejected = vi.fn();
    render(<Zone onImage={onImage} onRejected={onRejected} />);
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [pdf()] } });
    expect(onImage).not.toHaveBeenCalled();
    expect(onRejected).toHaveBeenCalledWith(expect.objectContaining({ name: 'doc.pdf' }));
  });

  it('shows the drag-over state while a drag is over the zone, children included, and clears it on leave or drop', () => {
    render(<Zone onImage={vi.fn()} />);
    const zone = screen.getByTestId('zone');
    expect(zone).toHaveAttribute('data-dragging', 'false');
    fireEvent.dragEnter(zone);
    expect(zone).toHaveAttribute('data-dragging', 'true');
    // Crossing into a child: enter the child, then leave the zone — still over it.
    fireEvent.dragEnter(screen.getByTestId('child'));
    fireEvent.dragLeave(zone);
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.dragLeave(screen.getByTestId('child'));
    expect(zone).toHaveAttribute('data-dragging', 'false');

    // dragover alone (some browsers skip dragenter) also counts, and lets the drop happen.
    const over = fireEvent.dragOver(zone);
    expect(over).toBe(false); // default prevented
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [png()] } });
    expect(zone).toHaveAttribute('data-dragging', 'false');
  });

  it('takes an image pasted anywhere on the page when pasteOnWindow is set, and nothing else', () => {
    const onImage = vi.fn();
    const { unmount } = render(<Zone onImage={onImage} pasteOnWindow />);
    fireEvent.paste(document.body, { clipboardData: { files: [pdf()] } });
    expect(onImage).not.toHaveBeenCalled();
    const taken = fireEvent.paste(document.body, { clipboardData: { files: [png('clip.png')] } });
    expect(taken).toBe(false); // the page's own paste is prevented
    expect(onImage).toHaveBeenCalledWith(expect.objectContaining({ name: 'clip.png' }), expect.anything());
    unmount();
    // Unmounted: the listener is gone.
    fireEvent.paste(document.body, { clipboardData: { files: [png()] } });
    expect(onImage).toHaveBeenCalledTimes(1);
  });

  it('leaves pastes alone without pasteOnWindow, and takes nothing while disabled', () => {
    const onImage = vi.fn();
    const { rerender } = render(<Zone onImage={onImage} />);
    fireEvent.paste(document.body, { clipboardData: { files: [png()] } });
    rerender(<Zone onImage={onImage} pasteOnWindow disabled />);
    fireEvent.paste(document.body, { clipboardData: { files: [png()] } });
    fireEvent.dragEnter(screen.getByTestId('zone'));
    expect(screen.getByTestId('zone')).toHaveAttribute('data-dragging', 'false');
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [png()] } });
    expect(onImage).not.toHaveBeenCalled();
  });

  it('keeps the browser from opening a file dropped on a disabled zone, and clears a drag it was in', () => {
    const onImage = vi.fn();
    const { rerender } = render(<Zone onImage={onImage} />);
    fireEvent.dragEnter(screen.getByTestId('zone'));
    expect(screen.getByTestId('zone')).toHaveAttribute('data-dragging', 'true');
    rerender(<Zone onImage={onImage} disabled />);
    expect(screen.getByTestId('zone')).toHaveAttribute('data-dragging', 'false');
    // fireEvent returns false when the handler called preventDefault (the browser's own handling is off).
    expect(fireEvent.dragOver(screen.getByTestId('zone'), { dataTransfer: { files: [png()] } })).toBe(false);
    expect(fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [png()] } })).toBe(false);
    expect(onImage).not.toHaveBeenCalled();
  });
});
