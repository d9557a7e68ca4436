import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../api-request.js';
import { installFakeApi, json, uninstallFakeApi } from '../testing/fake-api.js';

afterEach(() => {
  try {
    uninstallFakeApi();
  } catch {
    // the test below that leaves an unanswered request checks the error itself
  }
});

describe('the fake API for remotes’ tests', () => {
  it('answers through the real apiRequest: JSON bodies, route parameters and error statuses', async () => {
    const api = installFakeApi({
      'POST /api/canvas/edit': ({ body }) => json({ id: `edit-${(body as { prompt: string }).prompt}` }, 201),
      'GET /api/canvas/edit/:id': ({ params }) => ({ id: params.id, status: 'processing' }),
      'GET /api/canvas/edit/broken': () => json({ error: 'Service unavailable: canvas' }, 502),
      'POST /api/waitlist': () => undefined,
    });
    expect(await (await apiRequest('POST', '/api/canvas/edit', { prompt: 'dusk' })).json()).toEqual({ id: 'edit-dusk' });
    expect(await (await apiRequest('GET', '/api/canvas/edit/a%20b')).json()).toEqual({ id: 'a b', status: 'processing' });
    await expect(apiRequest('GET', '/api/canvas/edit/broken')).rejects.toThrow('502: {"error":"Service unavailable: canvas"}');
    expect((await apiRequest('POST', '/api/waitlist', { email: 'a@b.test' })).status).toBe(204);

    expect(api.calls('POST /api/canvas/edit')[0]!.body).toEqual({ prompt: 'dusk' });
    expect(api.calls('GET /api/canvas/edit/:id')).toHaveLength(1);
    expect(api.calls('GET /api/canvas/edit/broken')).toHaveLength(1);
  });

  it('keeps FormData as sent, and lets a test replace a route', async () => {
    const api = installFakeApi({ 'POST /api/uploads': () => json({ error: 'File too large' }, 413) });
    api.on('POST /api/uploads', () => json({ url: '/media/uploads/2026/11/a.png' }, 201));
    const form = new FormData();
    form.append('file', new File(['x'], 'look.png', { type: 'image/png' }));
    expect(await (await apiRequest('POST', '/api/uploads', form)).json()).toEqual({ url: '/media/uploads/2026/11/a.png' });
    expect(api.calls('POST /api/uploads')[0]!.body).toBe(form);
  });

  it('answers an unknown route with a 404 naming it, and fails the test at its end', async () => {
    const api = installFakeApi();
    await expect(apiRequest('GET', '/api/avatar/characters')).rejects.toThrow(
      '404: {"error":"Not found: the fake API has no route for GET /api/avatar/characters"}',
    );
    expect(api.calls('GET /api/avatar/characters')).toHaveLength(1);
    expect(() => uninstallFakeApi()).toThrow(
      'The component called routes the fake API does not answer: GET /api/avatar/characters. Add them to the fake.',
    );
  });

  it('puts the real fetch back', () => {
    const realFetch = globalThis.fetch;
    installFakeApi();
    expect(globalThis.fetch).not.toBe(realFetch);
    uninstallFakeApi();
    expect(globalThis.fetch).toBe(realFetch);
  });
});
