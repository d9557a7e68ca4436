import { describe, expect, it } from 'vitest';
import { numberField, parseApiError, textField } from '../api-error.js';

describe('parseApiError', () => {
  it("reads the status, the JSON body and the service's own message", () => {
    const info = parseApiError(new Error('402: {"error":"Not enough credits","limitReached":true,"used":25,"limit":25}'));
    expect(info).toEqual({ status: 402, message: 'Not enough credits', body: { error: 'Not enough credits', limitReached: true, used: 25, limit: 25 } });
    expect(numberField(info.body, 'used')).toBe(25);
    expect(textField(info.body, 'error')).toBe('Not enough credits');
    expect(parseApiError(new Error('400: {"error":"imageUrl: this image is too long"}')).message).toBe('imageUrl: this image is too long');
  });

  it("never hands a proxy's page or fetch's words to a person: the screen's fallback shows instead", () => {
    const page = parseApiError(new Error('502: <html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>'));
    expect(page).toEqual({ status: 502, message: '', body: null });
    expect(parseApiError(new Error('500: {}')).message).toBe('');
    expect(parseApiError(new Error('500: ')).message).toBe('');
    expect(parseApiError(new TypeError('Failed to fetch'))).toEqual({ status: null, message: '', body: null });
    // A short plain-text answer is kept; a long one or a page is not.
    expect(parseApiError(new Error('502: Bad Gateway')).message).toBe('Bad Gateway');
    expect(parseApiError(new Error('429: Too Many Requests')).message).toBe('Too Many Requests');
    expect(parseApiError(new Error('404: <!doctype html><p>Not found</p>')).message).toBe('');
    expect(parseApiError(new Error(`400: ${'x'.repeat(500)}`)).message).toBe('');
  });

  it('keeps the message of an error that is not an API answer', () => {
    expect(parseApiError(new Error('The image could not be read'))).toEqual({ status: null, message: 'The image could not be read', body: null });
    expect(parseApiError('plain')).toMatchObject({ status: null, message: 'plain' });
    expect(parseApiError(undefined)).toMatchObject({ status: null, message: '' });
  });
});
