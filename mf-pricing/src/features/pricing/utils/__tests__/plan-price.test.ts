import { describe, expect, it } from 'vitest';
import { formatPrice } from '../plan-price';

const AMOUNTS = [0, 1, 9, 12, 29, 99.5, 999, 1000, 1234.4, 12_345, 130_000, 330_000, 560_000, 1_000_000, 123_456_789, -1, -1234, -130_000];

describe('formatPrice', () => {
  it('writes USD as en-US Intl.NumberFormat does, in whole dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    for (const amount of AMOUNTS) expect(formatPrice(amount, 'usd')).toBe(intl.format(amount));
    expect(formatPrice(1234, 'usd')).toBe('$1,234');
  });

  it('writes IDR as id-ID Intl.NumberFormat does, in whole rupiah', () => {
    const intl = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });
    for (const amount of AMOUNTS) expect(formatPrice(amount, 'idr')).toBe(intl.format(amount));
    expect(formatPrice(130_000, 'idr')).toBe('Rp\u00a0130.000');
  });
});
