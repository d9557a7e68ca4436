import { describe, expect, it, vi } from 'vitest';
import { fakeGeneration } from '../../../testing/fake-api';
import { parseApiError } from '../utils/api-error';
import { leadAlreadyTracked, leadContentCategory, productionHosts, sendLead } from '../utils/lead-event';

const base = { hostname: 'atelier.example', productionHosts: ['atelier.example'], alreadyTracked: false, listComplete: true };

describe('lead event (SPEC §4)', () => {
  it('is due when exactly one generation has completed, on the production host, once', () => {
    const one = [fakeGeneration(), fakeGeneration({ status: 'failed' }), fakeGeneration({ status: 'processing' })];
    expect(leadContentCategory({ ...base, generations: one })).toBe('image');
    expect(leadContentCategory({ ...base, generations: [fakeGeneration({ videoUrl: '/media/v.mp4' })] })).toBe('video');
    expect(leadContentCategory({ ...base, hostname: 'ATELIER.example', generations: one })).toBe('image');
  });

  it('is not due for two completed, none, another host, an earlier lead, or a list with more pages', () => {
    const one = [fakeGeneration()];
    expect(leadContentCategory({ ...base, generations: [fakeGeneration(), fakeGeneration()] })).toBeNull();
    expect(leadContentCategory({ ...base, generations: [fakeGeneration({ status: 'failed' })] })).toBeNull();
    expect(leadContentCategory({ ...base, hostname: 'localhost', generations: one })).toBeNull();
    expect(leadContentCategory({ ...base, productionHosts: [], generations: one })).toBeNull();
    expect(leadContentCategory({ ...base, alreadyTracked: true, generations: one })).toBeNull();
    expect(leadContentCategory({ ...base, listComplete: false, generations: one })).toBeNull();
  });

  it('has no production host unless the build names one', () => {
    expect(productionHosts()).toEqual([]);
  });

  it('sends the lead to the ad pixel and as a window event, and sets the flag', () => {
    const fbq = vi.fn();
    vi.stubGlobal('fbq', fbq);
    const listener = vi.fn();
    window.addEventListener('atelier:lead', listener);
    expect(leadAlreadyTracked()).toBe(false);
    sendLead('video');
    expect(leadAlreadyTracked()).toBe(true);
    expect(fbq).toHaveBeenCalledWith('track', 'Lead', { content_category: 'video' });
    expect((listener.mock.calls[0]![0] as CustomEvent).detail).toEqual({ content_category: 'video' });
    window.removeEventListener('atelier:lead', listener);
  });
});

describe('parseApiError', () => {
  it('reads the status and JSON body of host.apiRequest errors', () => {
    expect(parseApiError(new Error('402: {"error":"Not enough credits","limitReached":true,"used":25,"limit":25}'))).toEqual({
      status: 402,
      message: 'Not enough credits',
      body: { error: 'Not enough credits', limitReached: true, used: 25, limit: 25 },
    });
    expect(parseApiError(new Error('502: Bad Gateway'))).toEqual({ status: 502, message: 'Bad Gateway', body: null });
    // No answer, or a proxy's page: nothing a person could read (the toast's fallback shows).
    expect(parseApiError(new TypeError('Failed to fetch'))).toEqual({ status: null, message: '', body: null });
    expect(parseApiError(new Error('502: <html><body>Bad Gateway</body></html>'))).toEqual({ status: 502, message: '', body: null });
  });
});
