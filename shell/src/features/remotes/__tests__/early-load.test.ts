import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The runtime plugin that reads what the entry fetched (plain JS, shared with every build).
import offlineRemotePlugin from '../../../../../packages/federation/offline-remote.mjs';
import { getRemotes } from '../api/get-remotes';
import { EARLY_REMOTES_GLOBAL, firstFiles, remoteForPath, startEarlyRemoteLoad, takeEarlyRemotes, type EarlyRemotes } from '../utils/early-load';

const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [{ name: 'react', assets: { js: { sync: ['121.js'] } } }],
  exposes: [{ name: 'PricingPage', assets: { js: { sync: ['__federation_expose_PricingPage.bc67611a.js'] }, css: { sync: ['__federation_expose_PricingPage.3449390a.css'] } } }],
};
const REMOTES = { remotes: [{ name: 'mf_pricing', entry: '/mf/mf-pricing/mf-manifest.json' }, { name: 'mf_create', entry: '/mf/mf-create/mf-manifest.json' }] };

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/mf/remotes.json') return Response.json(REMOTES);
    if (url.endsWith('/mf/mf-pricing/mf-manifest.json')) return Response.json(MANIFEST);
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_REMOTES_GLOBAL];
  document.head.innerHTML = '';
  vi.unstubAllGlobals();
});

const early = () => (globalThis as Record<string, unknown>)[EARLY_REMOTES_GLOBAL] as EarlyRemotes;
const preloads = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((l) => `${l.getAttribute('as')} ${new URL(l.getAttribute('href')!).pathname}`);

describe('the remote part of a page, started by the entry', () => {
  it('knows which remote each routed screen shows', () => {
    expect(remoteForPath('/app/image')).toBe('mf_create');
    expect(remoteForPath('/app/dress-up')).toBe('mf_create');
    expect(remoteForPath('/app/photoshoots')).toBe('mf_photoshoot');
    expect(remoteForPath('/app/canvas')).toBe('mf_canvas');
    expect(remoteForPath('/pricing/in')).toBe('mf_pricing');
    expect(remoteForPath('/app')).toBeNull();
    expect(remoteForPath('/app/account')).toBeNull();
    expect(remoteForPath('/pricingx')).toBeNull();
  });

  it("reads a manifest's first files: the entry script and the exposed chunks, never the shared copies", () => {
    expect(firstFiles('http://host/mf/mf-pricing/mf-manifest.json', MANIFEST)).toEqual({
      scripts: ['http://host/mf/mf-pricing/remoteEntry.js', 'http://host/mf/mf-pricing/__federation_expose_PricingPage.bc67611a.js'],
      styles: ['http://host/mf/mf-pricing/__federation_expose_PricingPage.3449390a.css'],
    });
    const cdn = { ...MANIFEST, metaData: { publicPath: 'https://cdn.example/pricing/v2/', remoteEntry: { name: 'remoteEntry.js', path: 'entry' } } };
    expect(firstFiles('http://host/mf/mf-pricing/mf-manifest.json', cdn).scripts[0]).toBe('https://cdn.example/pricing/v2/entry/remoteEntry.js');
  });

  it('on /pricing fetches remotes.json and the manifest once, preloads the first files, and hands both over', async () => {
    startEarlyRemoteLoad('/pricing');
    await vi.waitFor(() => expect(preloads()).toHaveLength(3));
    expect(preloads()).toEqual(['script /mf/mf-pricing/remoteEntry.js', 'script /mf/mf-pricing/__federation_expose_PricingPage.bc67611a.js', 'style /mf/mf-pricing/__federation_expose_PricingPage.3449390a.css']);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    // The registry takes remotes.json from here, once; a second call (a retry) asks the server.
    expect(await getRemotes()).toEqual(REMOTES.remotes);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(takeEarlyRemotes()).toBeNull();
    await getRemotes();
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // The runtime's manifest request is answered from here, once.
    const plugin = offlineRemotePlugin() as { fetch(url: string): Promise<Response | undefined> | undefined };
    const manifestUrl = new URL('/mf/mf-pricing/mf-manifest.json', document.baseURI).href;
    expect(early().manifests.has(manifestUrl)).toBe(true);
    const response = await plugin.fetch(manifestUrl);
    expect(await response!.json()).toEqual(MANIFEST);
    expect(plugin.fetch(manifestUrl)).toBeUndefined();
    expect(plugin.fetch(new URL('/mf/mf-create/mf-manifest.json', document.baseURI).href)).toBeUndefined();
  });

  it('starts nothing on the light pages, and only remotes.json on an app page without a remote', async () => {
    startEarlyRemoteLoad('/');
    startEarlyRemoteLoad('/login');
    expect(fetchMock).not.toHaveBeenCalled();
    startEarlyRemoteLoad('/app/account');
    await takeEarlyRemotes();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/mf/remotes.json']);
    expect(preloads()).toEqual([]);
  });

  it('leaves a failed early fetch to the usual path', async () => {
    fetchMock.mockImplementationOnce(async () => new Response('busy', { status: 503 }));
    startEarlyRemoteLoad('/app/image');
    expect(await getRemotes()).toEqual(REMOTES.remotes); // asked again, and answered
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(preloads()).toEqual([]);
  });
});
