import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRemotes, parseRemotesJson } from '../api/get-remotes';
import { createRemoteRegistry, type FederationRuntime } from '../utils/remote-registry';

const remotesJson = {
  remotes: [
    { name: 'mf_create', entry: '/mf/mf-create/mf-manifest.json' },
    { name: 'mf_canvas', entry: '/mf/mf-canvas/mf-manifest.json' },
  ],
};

function fakeRuntime(modules: Record<string, unknown> = {}) {
  return {
    registerRemotes: vi.fn<FederationRuntime['registerRemotes']>(),
    loadRemote: vi.fn(async (id: string) => (modules[id] ?? null) as never),
  } satisfies FederationRuntime;
}

afterEach(() => vi.unstubAllGlobals());

describe('remotes.json', () => {
  it('parses the gateway list', () => {
    expect(parseRemotesJson(remotesJson)).toEqual(remotesJson.remotes);
  });

  it('names what is wrong with a bad list', () => {
    expect(() => parseRemotesJson({ remote: [] })).toThrow('/mf/remotes.json must be { "remotes": [...] }');
    expect(() => parseRemotesJson({ remotes: [{ name: 'mf_x' }] })).toThrow('remote #0 needs a "name" and an "entry"');
  });

  it('is fetched from /mf/remotes.json without the HTTP cache', async () => {
    const fetchMock = vi.fn(async () => Response.json(remotesJson));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getRemotes()).toEqual(remotesJson.remotes);
    expect(fetchMock).toHaveBeenCalledWith('/mf/remotes.json', expect.objectContaining({ cache: 'no-store' }));
  });
});

describe('remote registry', () => {
  const CanvasEditor = () => null;

  it('registers every listed remote once and loads the exposed component', async () => {
    const runtime = fakeRuntime({ 'mf_canvas/CanvasEditor': { default: CanvasEditor } });
    const fetchRemotes = vi.fn(async () => remotesJson.remotes);
    const registry = createRemoteRegistry(runtime, fetchRemotes);

    expect(await registry.loadComponent('mf_canvas/CanvasEditor')).toBe(CanvasEditor);
    await registry.loadComponent('mf_canvas/CanvasEditor');

    expect(fetchRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(remotesJson.remotes);
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_canvas/CanvasEditor');
  });

  it('accepts a named export called like the exposed module', async () => {
    const runtime = fakeRuntime({ 'mf_canvas/CanvasEditor': { CanvasEditor } });
    const registry = createRemoteRegistry(runtime, async () => remotesJson.remotes);
    expect(await registry.loadComponent('mf_canvas/CanvasEditor')).toBe(CanvasEditor);
  });

  it('on retry re-registers that remote with force, so the runtime forgets a failed manifest', async () => {
    const runtime = fakeRuntime({ 'mf_canvas/CanvasEditor': { default: CanvasEditor } });
    const registry = createRemoteRegistry(runtime, async () => remotesJson.remotes);
    await registry.loadComponent('mf_canvas/CanvasEditor', { retry: true });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([remotesJson.remotes[1]], { force: true });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed remotes.json: the next load asks again', async () => {
    const runtime = fakeRuntime({ 'mf_canvas/CanvasEditor': { default: CanvasEditor } });
    const fetchRemotes = vi
      .fn<() => Promise<typeof remotesJson.remotes>>()
      .mockRejectedValueOnce(new Error('502: Bad Gateway'))
      .mockResolvedValue(remotesJson.remotes);
    const registry = createRemoteRegistry(runtime, fetchRemotes);
    await expect(registry.loadComponent('mf_canvas/CanvasEditor')).rejects.toThrow('502: Bad Gateway');
    expect(await registry.loadComponent('mf_canvas/CanvasEditor')).toBe(CanvasEditor);
    expect(fetchRemotes).toHaveBeenCalledTimes(2);
  });

  it('fails clearly for a remote the list does not name, or a module without a component', async () => {
    const runtime = fakeRuntime({ 'mf_create/CreateScreen': {} });
    const registry = createRemoteRegistry(runtime, async () => remotesJson.remotes);
    await expect(registry.loadComponent('mf_pricing/PricingPage')).rejects.toThrow(
      'Remote mf_pricing is not listed in /mf/remotes.json',
    );
    await expect(registry.loadComponent('mf_create/CreateScreen')).rejects.toThrow(
      'Remote module mf_create/CreateScreen has no component to render',
    );
  });
});
