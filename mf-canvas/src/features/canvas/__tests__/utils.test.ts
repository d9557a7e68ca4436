import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitReached, parseApiError } from '../utils/api-error';
import { dataUrlToFile, readAsDataUrl } from '../utils/data-url';
import { downloadHref, ownMediaPath } from '../utils/media-url';
import { pollJob, PollStatusError, PollTimeoutError } from '../utils/poll-job';

afterEach(() => vi.useRealTimers());

describe('ownMediaPath', () => {
  const origin = 'https://atelier.example';
  it.each([
    ['/media/uploads/2026/11/abc.png', '/media/uploads/2026/11/abc.png'],
    ['https://atelier.example/media/uploads/2026/11/abc.png', '/media/uploads/2026/11/abc.png'],
  ])('takes %s', (value, path) => expect(ownMediaPath(value, origin)).toBe(path));
  it.each([
    'https://evil.example/media/x.png',
    'http://atelier.example/media/x.png',
    '//evil.example/media/x.png',
    'https://user@atelier.example/media/x.png',
    'https://atelier.example/media/x.png?download=1',
    '/media/x.png#top',
    '/media/../api/user-limits',
    '/media/./x.png',
    '/media/',
    '/api/download?url=/media/x.png',
    'media/x.png',
    'data:image/png;base64,AA==',
    'javascript:alert(1)',
    '',
  ])('ignores %s', (value) => expect(ownMediaPath(value, origin)).toBeNull());
  it('builds the download address', () => expect(downloadHref('/media/a b.png')).toBe('/api/download?url=%2Fmedia%2Fa%20b.png'));
});

describe('dataUrlToFile', () => {
  it('turns a base64 data URL back into a typed file', async () => {
    const file = dataUrlToFile('data:image/jpeg;base64,AQID', 'canvas-photo');
    expect(file.name).toBe('canvas-photo.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(await readAsDataUrl(file)).toBe('data:image/jpeg;base64,AQID'); // the same bytes
  });
});

describe('parseApiError', () => {
  it('reads the status and the JSON body of a 402', () => {
    const error = new Error('402: {"error":"Not enough credits","limitReached":true,"used":25,"limit":25}');
    expect(parseApiError(error)).toMatchObject({ status: 402, message: 'Not enough credits' });
    expect(limitReached(error)).toEqual({ used: 25, limit: 25 });
    expect(limitReached(new Error('500: boom'))).toBeNull();
  });
});

describe('pollJob', () => {
  const options = { isSettled: (job: { done: boolean }) => job.done, intervalMs: 5_000, timeoutMs: 300_000, timeoutMessage: 'Editing timeout' };

  it('reads at once, then every interval, until the job settles', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const read = vi.fn(async () => ({ done: ++reads === 3 }));
    const result = pollJob({ ...options, read });
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(result).resolves.toEqual({ done: true });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('rejects with the timeout after 5 minutes and reads no more', async () => {
    vi.useFakeTimers();
    const read = vi.fn(async () => ({ done: false }));
    const result = pollJob({ ...options, read });
    const settled = expect(result).rejects.toThrow(new PollTimeoutError('Editing timeout'));
    await vi.advanceTimersByTimeAsync(300_000);
    await settled;
    expect(read).toHaveBeenCalledTimes(60); // 0 s, 5 s, … 295 s
    await vi.advanceTimersByTimeAsync(20_000);
    expect(read).toHaveBeenCalledTimes(60);
  });

  it('rejects with a status error when reads keep failing: a refusal at once, a server error the third time in a row', async () => {
    await expect(pollJob({ ...options, read: async () => Promise.reject(new Error('404: Not found')) })).rejects.toBeInstanceOf(PollStatusError);
    vi.useFakeTimers();
    const read = vi.fn(async () => Promise.reject(new Error('502: Bad Gateway')));
    const result = pollJob({ ...options, read });
    const settled = expect(result).rejects.toBeInstanceOf(PollStatusError);
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
    expect(read).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('reads again after a server error or a dropped connection, and the count starts over after an answer', async () => {
    vi.useFakeTimers();
    const answers: (() => Promise<{ done: boolean }>)[] = [
      async () => Promise.reject(new Error('502: Bad Gateway')),
      async () => Promise.reject(new TypeError('Failed to fetch')),
      async () => ({ done: false }),
      async () => Promise.reject(new Error('503: Service unavailable')),
      async () => Promise.reject(new Error('500: Internal error')),
      async () => ({ done: true }),
    ];
    const read = vi.fn(() => answers.shift()!());
    const result = pollJob({ ...options, read });
    await vi.advanceTimersByTimeAsync(25_000);
    await expect(result).resolves.toEqual({ done: true });
    expect(read).toHaveBeenCalledTimes(6);
  });

  it('stops when abandoned', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const read = vi.fn(async () => ({ done: false }));
    const result = pollJob({ ...options, read, signal: controller.signal });
    const settled = expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
