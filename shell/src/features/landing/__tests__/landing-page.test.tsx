import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from '../components/landing-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A screen `width` px wide: matchMedia answers min-width queries against it. */
function stubScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+(?:\.\d+)?)(px|rem)/.exec(query);
    const px = min ? Number(min[1]) * (min[2] === 'rem' ? 16 : 1) : Infinity;
    return {
      matches: width >= px,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

const STYLES = ['Abstract', 'Y2K Photos', 'Everyday Style', 'Beauty & Makeup', 'Vintage', 'Concept Style', 'Retro Style'];

function renderLanding() {
  const onNavigate = vi.fn();
  render(<LandingPage onNavigate={onNavigate} />);
  return { onNavigate };
}

const slide = () => screen.getByTestId('carousel-slide');
const carousel = () => screen.getByRole('group', { name: 'Styles' });

describe('landing page', () => {
  it('has the wordmark, Pricing, Login and Explore Now; Login and Explore Now go to /app', () => {
    const { onNavigate } = renderLanding();
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(within(header).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(header).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/app');
    fireEvent.click(screen.getByRole('link', { name: 'Explore Now' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/app');
    fireEvent.click(within(header).getByRole('link', { name: 'Login' }));
    expect(onNavigate).toHaveBeenLastCalledWith('/app');
    expect(screen.getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/');
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    const { onNavigate } = renderLanding();
    fireEvent.click(screen.getByRole('link', { name: 'Explore Now' }), { ctrlKey: true });
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it("shows SPEC §1's claims: the feature pills, the Dress Up announcement and 10k+ creators", () => {
    renderLanding();
    const pills = within(screen.getByRole('list', { name: 'Features' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(pills).toEqual(['Photorealism', 'Fashion Factory', '40+ Presets', 'AI Skin Fix', 'Dress Ups', 'Upscale', 'Text to Video', 'Text to Photo', 'AI Edits']);
    expect(screen.getByText('New: Unlimited Dress Up')).toBeInTheDocument();
    expect(screen.getByText('Join 10k+ creators')).toBeInTheDocument();
    expect(screen.getByText(/40\+ presets across seven looks/)).toBeInTheDocument();
  });

  it('draws the seven style cards with subtitles and images in the desktop grid; each goes to /app', () => {
    stubScreenWidth(1440);
    const { onNavigate } = renderLanding();
    // Only the desktop layout is rendered on a desktop: no carousel behind it.
    expect(screen.queryByRole('group', { name: 'Styles' })).not.toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Styles' });
    expect(grid.className).toMatch(/md:grid-cols-4/);
    expect(grid.className).toMatch(/xl:grid-cols-7/);
    const cards = within(grid).getAllByRole('link');
    expect(cards.map((c) => c.querySelector('span > span')?.textContent)).toEqual(STYLES);
    for (const card of cards) {
      expect(card).toHaveAttribute('href', '/app');
      expect(within(card).getByRole('img')).toHaveAccessibleName(/.+: .+/);
    }
    fireEvent.click(cards[4]!);
    expect(onNavigate).toHaveBeenLastCalledWith('/app');
  });

  it('renders only the carousel on a phone (no hidden grid, no hero fan)', () => {
    stubScreenWidth(390);
    renderLanding();
    expect(carousel()).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Styles' })).not.toBeInTheDocument();
    // One artwork: the current slide's.
    expect(screen.getAllByRole('img', { name: /.+: .+/ })).toHaveLength(1);
  });

  it('fans three looks beside the headline only on wide screens', () => {
    const artworks = (width: number) => {
      stubScreenWidth(width);
      const view = render(<LandingPage onNavigate={vi.fn()} />);
      const count = view.container.querySelectorAll('img[src^="/art/style-"]').length;
      view.unmount();
      return count;
    };
    expect(artworks(1024)).toBe(7); // the grid only
    expect(artworks(1280)).toBe(7 + 3); // the grid and the fan
  });

  it('advances the mobile carousel every 4000 ms with a 250 ms fade, wrapping around', () => {
    vi.useFakeTimers();
    renderLanding();
    expect(slide()).toHaveTextContent('Abstract');
    expect(slide()).toHaveClass('animate-fade-in');
    expect(slide()).toHaveStyle({ animationDuration: '250ms' });
    act(() => vi.advanceTimersByTime(3999));
    expect(slide()).toHaveTextContent('Abstract');
    act(() => vi.advanceTimersByTime(1));
    expect(slide()).toHaveTextContent('Y2K Photos');
    for (let i = 2; i <= 7; i++) act(() => vi.advanceTimersByTime(4000));
    expect(slide()).toHaveTextContent('Abstract');
  });

  it('has a dot per card to choose one; the chosen dot is marked', () => {
    vi.useFakeTimers();
    renderLanding();
    const dots = within(carousel()).getAllByRole('button');
    expect(dots).toHaveLength(7);
    fireEvent.click(within(carousel()).getByRole('button', { name: 'Show Vintage' }));
    expect(slide()).toHaveTextContent('Vintage');
    expect(within(carousel()).getByRole('button', { name: 'Show Vintage' })).toHaveAttribute('aria-current', 'true');
    act(() => vi.advanceTimersByTime(4000));
    expect(slide()).toHaveTextContent('Concept Style');
  });

  it('pauses while the carousel has keyboard focus', () => {
    vi.useFakeTimers();
    renderLanding();
    act(() => within(carousel()).getByRole('button', { name: 'Show Abstract' }).focus());
    act(() => vi.advanceTimersByTime(12_000));
    expect(slide()).toHaveTextContent('Abstract');
  });

  it('offers a skip link to the main content', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});
