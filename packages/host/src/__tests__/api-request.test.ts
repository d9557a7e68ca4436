import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getQueryFn } from '../api-request.js';
import { createQueryClient } from '../query-client.js';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function queryContext(queryKey: string[]) {
  return { queryKey, client: new QueryClient(), signal: new AbortController().signal, meta: undefined } as never;
}

describe('apiRequest', () => {
  it('sends a JSON body with a JSON content type and the session cookie', async () => {
    fetchMock.mockResolvedValue(new Response('{"id":"1"}', { status: 200 }));
    const res = await apiRequest('POST', '/api/track-event', { eventType: 'tab_changed' });
    expect(await res.json()).toEqual({ id: '1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/track-event', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"eventType":"tab_changed"}',
    });
  });

  it('passes FormData as is, without a content type', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    const form = new FormData();
    form.append('characterId', 'c1');
    await apiRequest('POST', '/api/avatar/generate', form);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).toBeUndefined();
    expect(init.credentials).toBe('include');
  });

  it('sends no body and no content type without a body', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/generations');
    expect(fetchMock).toHaveBeenCalledWith('/api/generations', { method: 'GET', credentials: 'include' });
  });

  it('turns a non-2xx response into "<status>: <response text>"', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"Insufficient credits"}', { status: 402 }));
    await expect(apiRequest('POST', '/api/generations', {})).rejects.toThrow('402: {"error":"Insufficient credits"}');
  });

  it('uses the status text when the response body is empty', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('GETs the key segments joined by slashes and parses JSON', async () => {
    fetchMock.mockResolvedValue(new Response('[1,2]', { status: 200 }));
    const data = await getQueryFn<number[]>({ on401: 'throw' })(queryContext(['/api/canvas/edit', 'abc']));
    expect(data).toEqual([1, 2]);
    expect(fetchMock).toHaveBeenCalledWith('/api/canvas/edit/abc', { credentials: 'include' });
  });

  it('returns null on 401 when asked to', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"Unauthorized"}', { status: 401 }));
    expect(await getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/user']))).toBeNull();
  });

  it('throws on 401 otherwise', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"Unauthorized"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/user-limits']))).rejects.toThrow(
      '401: {"error":"Unauthorized"}',
    );
  });
});

describe('createQueryClient', () => {
  it('has SPEC §7 defaults: no interval or focus refetch, never stale, no retries', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations?.retry).toBe(false);
  });
});
