import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ImageDropZone } from '../components/image-drop-zone';

const photo = (name = 'look.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const pdf = () => new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' });

function Harness({ onImage }: { onImage(file: File): void }) {
  const [image, setImage] = useState<File | null>(null);
  return (
    <ImageDropZone
      image={image}
      onImage={(file) => {
        onImage(file);
        setImage(file);
      }}
    />
  );
}

describe('ImageDropZone', () => {
  it('takes a dropped image and shows it, highlighting the area while dragging', () => {
    const onImage = vi.fn();
    render(<Harness onImage={onImage} />);
    const zone = screen.getByText('Upload a photo').closest('label')!;
    fireEvent.dragEnter(zone);
    expect(zone).toHaveClass('border-accent');
    fireEvent.drop(zone, { dataTransfer: { files: [photo('dropped.png')] } });
    expect(zone).not.toHaveClass('border-accent');
    expect(onImage).toHaveBeenCalledWith(expect.objectContaining({ name: 'dropped.png' }));
    expect(screen.getByRole('img', { name: 'Main image' })).toBeInTheDocument();
  });

  it('takes an image pasted anywhere on the page', () => {
    const onImage = vi.fn();
    render(<Harness onImage={onImage} />);
    fireEvent.paste(document.body, { clipboardData: { files: [photo('pasted.png')] } });
    expect(onImage).toHaveBeenCalledWith(expect.objectContaining({ name: 'pasted.png' }));
  });

  it('ignores dropped or pasted files that are not images', () => {
    const onImage = vi.fn();
    render(<Harness onImage={onImage} />);
    fireEvent.drop(screen.getByText('Upload a photo').closest('label')!, { dataTransfer: { files: [pdf()] } });
    fireEvent.paste(document.body, { clipboardData: { files: [pdf()] } });
    expect(onImage).not.toHaveBeenCalled();
    expect(screen.getByText('Upload a photo')).toBeInTheDocument();
  });
});
