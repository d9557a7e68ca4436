// The remote copies contracts' billing texts so its bundle carries no zod (docs/decisions.md); these keep them equal.
import {
  BILLING_PORTAL_ERROR as CONTRACT_PORTAL_ERROR,
  CHECKOUT_ERRORS as CONTRACT_CHECKOUT_ERRORS,
  CHECKOUT_RETURN_QUERY as CONTRACT_RETURN_QUERY,
  TRACK_EVENT_TYPES,
  WAITLIST_DISCOUNT_PERCENT,
  WAITLIST_SOURCE,
  WAITLIST_TEXTS,
  YEARLY_SAVING_BADGE as CONTRACT_BADGE,
} from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_EVENTS,
  BILLING_PORTAL_ERROR,
  CHECKOUT_ERRORS,
  CHECKOUT_RETURN_QUERY,
  WAITLIST,
  YEARLY_SAVING_BADGE,
} from '../constants';

describe('pricing constants', () => {
  it('are the contracts’ SPEC.md §8 texts, word for word', () => {
    expect(CHECKOUT_ERRORS).toEqual(CONTRACT_CHECKOUT_ERRORS);
    expect(BILLING_PORTAL_ERROR).toEqual(CONTRACT_PORTAL_ERROR);
    const { title, offer, successTitle, emailRequired, alreadyListed, failed } = WAITLIST;
    expect({ title, offer, successTitle, emailRequired, alreadyListed, failed }).toEqual(WAITLIST_TEXTS);
    expect(WAITLIST.source).toBe(WAITLIST_SOURCE);
    expect(WAITLIST.offer).toBe(`${WAITLIST_DISCOUNT_PERCENT}% off`);
    expect(YEARLY_SAVING_BADGE).toBe(CONTRACT_BADGE);
    expect(CHECKOUT_RETURN_QUERY).toEqual(CONTRACT_RETURN_QUERY);
  });

  it('send only SPEC.md §7’s analytics events', () => {
    for (const event of Object.values(ANALYTICS_EVENTS)) expect(TRACK_EVENT_TYPES).toContain(event);
  });
});
