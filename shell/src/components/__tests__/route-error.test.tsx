import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../route-error';

afterEach(() => vi.restoreAllMocks());

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('RouteErrorBoundary', () => {
  it('shows RouteError for a route that throws, and the next path again once the app moves on', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>fine page</p>} />
          </Routes>
          <Link to="/fine">elsewhere</Link>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      '[route] failed:',
      expect.objectContaining({ message: 'chunk failed to load' }),
    );
    expect(screen.queryByRole('link', { name: 'elsewhere' })).not.toBeInTheDocument(); // the whole page is the error
  });

  it('resets when the path changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('once');
      return <p>recovered</p>;
    }
    function Nav() {
      return <Link to="/b">go to b</Link>;
    }
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Nav />
        <RouteErrorBoundary>
          <Routes>
            <Route path="/a" element={<Flaky />} />
            <Route path="/b" element={<Flaky />} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('link', { name: 'go to b' }));
    expect(await screen.findByText('recovered')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
