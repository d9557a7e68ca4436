import { dismissToast, getToasts, toast } from '@atelier/ui';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyToaster } from '../lazy-toaster';

afterEach(() => {
  act(() => getToasts().forEach((item) => dismissToast(item.id)));
});

describe('LazyToaster', () => {
  it('draws nothing until the first toast, then loads the Toaster and shows it', async () => {
    const { container } = render(<LazyToaster />);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('[role="region"]')).toBeNull();
    act(() => void toast({ title: 'Saved', description: 'Your look is in the gallery.' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Your look is in the gallery.')).toBeInTheDocument();
  });
});
