import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackgroundScene } from '../components/background-scene';
import type { SceneLibrary } from '../utils/scene-library';

let scriptCounter = 0;
let scriptUrl = '';

// The scene script is a <script> the component appends; tests play the browser by firing its load or error.
function lastScript(): HTMLScriptElement {
  const scripts = document.head.querySelectorAll<HTMLScriptElement>(`script[src="${scriptUrl}"]`);
  const script = scripts[scripts.length - 1];
  if (!script) throw new Error('no scene script was added');
  return script;
}

function loadScript(library: SceneLibrary | undefined) {
  window.UnicornStudio = library;
  act(() => {
    lastScript().dispatchEvent(new Event('load'));
  });
}

beforeEach(() => {
  scriptCounter += 1;
  scriptUrl = `https://cdn.example.test/scene-${scriptCounter}.js`; // a fresh URL: each test loads its own script
});
afterEach(() => {
  delete window.UnicornStudio;
  vi.useRealTimers();
});

const placeholder = <p>Placeholder art</p>;

describe('BackgroundScene', () => {
  it('shows the placeholder while loading, then the scene when ready, with the default options', async () => {
    const addScene = vi.fn<SceneLibrary['addScene']>(async () => ({}));
    const { container } = render(<BackgroundScene scriptUrl={scriptUrl} projectId="proj" placeholder={placeholder} />);
    expect(screen.getByText('Placeholder art')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('data-scene-status', 'loading');
    loadScript({ addScene });
    await screen.findByText((_, el) => el?.getAttribute('data-scene-status') === 'ready');
    expect(screen.queryByText('Placeholder art')).not.toBeInTheDocument();
    expect(addScene).toHaveBeenCalledWith(
      expect.objectContaining({ projectId: 'proj', scale: 1, dpi: 1.5, fps: 60, lazyLoad: true }),
    );
    expect(document.getElementById(addScene.mock.calls[0]![0].elementId)).not.toBeNull();
  });

  it('keeps the placeholder on error', async () => {
    render(<BackgroundScene scriptUrl={scriptUrl} projectId="proj" placeholder={placeholder} />);
    act(() => {
      lastScript().dispatchEvent(new Event('error'));
    });
    await screen.findByText((_, el) => el?.getAttribute('data-scene-status') === 'error');
    expect(screen.getByText('Placeholder art')).toBeInTheDocument();
    expect(screen.queryByText('Error loading scene')).not.toBeInTheDocument();
  });

  it('without a placeholder, shows "Error loading scene" and the script failure', async () => {
    render(<BackgroundScene scriptUrl={scriptUrl} projectId="proj" />);
    act(() => {
      lastScript().dispatchEvent(new Event('error'));
    });
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Error loading scene');
    expect(box).toHaveTextContent('Failed to load the scene script');
  });

  it.each([
    [new Error('404 Not Found'), 'Resource not found'],
    [new Error('network down'), 'Network error occurred'],
    [new Error('shader compile error'), 'Failed to initialize scene'],
  ])('reports a library failure (%s) as %s', async (failure, message) => {
    render(<BackgroundScene scriptUrl={scriptUrl} projectId="proj" />);
    loadScript({ addScene: () => Promise.reject(failure) });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('gives up with "Loading timeout" after 15 s', async () => {
    vi.useFakeTimers();
    render(<BackgroundScene scriptUrl={scriptUrl} projectId="proj" />);
    loadScript({ addScene: () => new Promise(() => {}) });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14_999);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Loading timeout');
  });

  it('validates its options before loading anything', () => {
    const { rerender } = render(<BackgroundScene scriptUrl={scriptUrl} projectId="proj" scale={2} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid scale: 2. Scale must be between 0.25 and 1.0');
    rerender(<BackgroundScene scriptUrl={scriptUrl} projectId="proj" fps={50} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid fps: 50. FPS must be one of: 15, 24, 30, 60, 120');
    rerender(<BackgroundScene scriptUrl={scriptUrl} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No project ID or JSON file path provided');
    expect(document.head.querySelector(`script[src="${scriptUrl}"]`)).toBeNull();
  });

  it('shows only the placeholder when no scene is configured (the offline default)', () => {
    render(<BackgroundScene scriptUrl="" placeholder={placeholder} />);
    expect(screen.getByText('Placeholder art')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
