import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteRegistryContext, RemoteScreen } from '../components/remote-screen';
import type { RemoteRegistry } from '../utils/remote-registry';

function CanvasEditor({ note }: { note?: string }) {
  return <section data-remote="mf_canvas">Canvas editor {note}</section>;
}

// What the offline-remote runtime plugin hands back when a remote cannot be fetched.
function Unavailable(): never {
  const error = new Error('Remote mf_canvas/CanvasEditor is unavailable');
  error.name = 'RemoteUnavailableError';
  throw error;
}

function renderScreen(registry: RemoteRegistry) {
  return render(
    <RemoteRegistryContext.Provider value={registry}>
      <RemoteScreen id="mf_canvas/CanvasEditor" label="The canvas editor" props={{ note: 'ready' }} />
    </RemoteRegistryContext.Provider>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('RemoteScreen', () => {
  it('shows a spinner, then the remote with its props', async () => {
    const loadComponent = vi.fn(async () => CanvasEditor as never);
    renderScreen({ loadComponent });
    expect(screen.getByRole('status', { name: 'Loading The canvas editor' })).toBeInTheDocument();
    expect(await screen.findByText('Canvas editor ready')).toBeInTheDocument();
    expect(loadComponent).toHaveBeenCalledWith('mf_canvas/CanvasEditor', { retry: false });
  });

  it('shows the fallback with Retry when loading rejects, and Retry loads it again', async () => {
    const loadComponent = vi
      .fn<RemoteRegistry['loadComponent']>()
      .mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'))
      .mockResolvedValue(CanvasEditor as never);
    renderScreen({ loadComponent });

    expect(await screen.findByRole('heading', { name: 'The canvas editor is unavailable' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Canvas editor ready')).toBeInTheDocument();
    expect(loadComponent).toHaveBeenCalledTimes(2);
    expect(loadComponent).toHaveBeenLastCalledWith('mf_canvas/CanvasEditor', { retry: true });
  });

  it('shows the fallback when the loaded module throws (remote down), and stays usable on repeated failures', async () => {
    const loadComponent = vi.fn<RemoteRegistry['loadComponent']>().mockResolvedValue(Unavailable as never);
    renderScreen({ loadComponent });

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(loadComponent).toHaveBeenCalledTimes(2);

    loadComponent.mockResolvedValue(CanvasEditor as never);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Canvas editor ready')).toBeInTheDocument();
    expect(document.querySelector('[data-remote="mf_canvas"]')).not.toBeNull();
  });
});
