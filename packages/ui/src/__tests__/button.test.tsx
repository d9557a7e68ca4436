import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../components/button.js';

describe('Button', () => {
  it('is a non-submitting button that reports clicks', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Remove Limits</Button>);
    const button = screen.getByRole('button', { name: 'Remove Limits' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('renders its child instead with asChild, keeping the look', () => {
    render(
      <Button asChild variant="outline">
        <a href="/pricing">Pricing</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link.className).toContain('border');
  });
});
