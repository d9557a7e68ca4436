import { createQueryClient } from '@atelier/host';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginRoute } from '../routes/login';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ devLogin: false, avatarEnabled: true })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', element: <LoginRoute /> }], { initialEntries: ['/login'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('login screen', () => {
  it('rotates the hero image every 4 s with a 250 ms fade', () => {
    vi.useFakeTimers();
    renderLogin();
    const hero = () => screen.getByTestId('login-hero');
    expect(hero()).toHaveAttribute('data-style', 'abstract');
    expect(hero()).toHaveClass('animate-fade-in');
    expect(hero()).toHaveStyle({ animationDuration: '250ms' });
    act(() => vi.advanceTimersByTime(3999));
    expect(hero()).toHaveAttribute('data-style', 'abstract');
    act(() => vi.advanceTimersByTime(1));
    expect(hero()).toHaveAttribute('data-style', 'y2k');
    act(() => vi.advanceTimersByTime(4000));
    expect(hero()).toHaveAttribute('data-style', 'everyday');
  });

  it('continues with Google by a browser navigation to /api/auth/google', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});
