import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingApp } from '../landing-app';

const fetchMock = vi.fn<typeof fetch>();
let authStatus: number | 'pending';

beforeEach(() => {
  authStatus = 401;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/user') {
      if (authStatus === 'pending') return new Promise<Response>(() => {});
      return authStatus === 200 ? Response.json({ id: 'u1', plan: 'free' }) : Response.json({ error: 'Unauthorized' }, { status: authStatus });
    }
    if (url === '/api/track-event') return Response.json({ recorded: true }, { status: 202 });
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the light landing app on /', () => {
  it('shows a spinner while auth loads', () => {
    authStatus = 'pending';
    render(<LandingApp enterApp={vi.fn()} />);
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Explore Now' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user to /app (replacing /)', async () => {
    authStatus = 200;
    const enterApp = vi.fn();
    render(<LandingApp enterApp={enterApp} />);
    await waitFor(() => expect(enterApp).toHaveBeenCalledWith('/app', { replace: true }));
    expect(screen.queryByRole('link', { name: 'Explore Now' })).not.toBeInTheDocument();
  });

  it('shows the landing to a visitor (no track-event for visitors) and enters the app on a link', async () => {
    const enterApp = vi.fn();
    const prefetchApp = vi.fn();
    render(<LandingApp enterApp={enterApp} prefetchApp={prefetchApp} />);
    const explore = await screen.findByRole('link', { name: 'Explore Now' });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/track-event')).toBe(false);
    fireEvent.pointerOver(explore);
    expect(prefetchApp).toHaveBeenCalled();
    fireEvent.click(explore);
    expect(enterApp).toHaveBeenCalledWith('/app');
    fireEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(enterApp).toHaveBeenLastCalledWith('/pricing');
  });

  it('treats a failing auth check as a visitor', async () => {
    authStatus = 500;
    render(<LandingApp enterApp={vi.fn()} />);
    expect(await screen.findByRole('link', { name: 'Explore Now' })).toBeInTheDocument();
  });

  it('prerendered (sent only without a session cookie): shows the landing without asking, so no 401 is logged', async () => {
    render(<LandingApp enterApp={vi.fn()} prerendered />);
    expect(screen.getByRole('link', { name: 'Explore Now' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/user')).toBe(false);
  });

  it('prerendered and restored from the back/forward cache: asks again, and sends a user who signed in since to /app', async () => {
    const enterApp = vi.fn();
    render(<LandingApp enterApp={enterApp} prerendered />);
    authStatus = 200;
    const pageshow = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(pageshow, 'persisted', { value: false });
    window.dispatchEvent(pageshow);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    const restored = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(restored, 'persisted', { value: true });
    window.dispatchEvent(restored);
    await waitFor(() => expect(enterApp).toHaveBeenCalledWith('/app', { replace: true }));
  });
});
