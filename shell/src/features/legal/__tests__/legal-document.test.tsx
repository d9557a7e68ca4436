import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LegalDocumentView } from '../components/legal-document';
import { PRIVACY } from '../content/privacy';
import { TERMS } from '../content/terms';

const email = 'help@atelier.test';
const text = (doc: typeof TERMS) =>
  [doc.intro, ...doc.sections.flatMap((s) => [...s.body, ...(s.list ?? [])]), ...doc.contact.body].join('\n');

describe('Terms of Service', () => {
  it('is last updated October 5th, 2025 with 23 numbered sections plus contact details', async () => {
    const onBack = vi.fn();
    render(<LegalDocumentView document={TERMS} contactEmail={email} onBack={onBack} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated October 5th, 2025')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toHaveLength(24);
    expect(headings[0]).toBe('1. Who we are');
    expect(headings[22]).toMatch(/^23\. /);
    expect(headings[23]).toBe('Contact us');
    expect(screen.getAllByRole('link', { name: email })[0]).toHaveAttribute('href', `mailto:${email}`);
    await userEvent.click(screen.getByRole('button', { name: /Go Back/ }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it("states SPEC §9's terms in its words", () => {
    const terms = text(TERMS);
    expect(terms).toMatch(/at least 18 years old/);
    expect(terms).toContain('Free: 5 images, 3 videos, 5 canvas edits, 5 dress-up per month; Pro: 1,100 images, 200 videos, unlimited canvas and dress-up.');
    expect(terms).toMatch(/Limits reset on your signup date or billing cycle/);
    expect(terms).toMatch(/Pro 1,100 credits/);
    expect(terms).toMatch(/signup date/);
    expect(terms).toMatch(/billing cycle date/);
    expect(terms).toMatch(/expire at the end of each billing cycle/);
    expect(terms).toMatch(/Top-up credits .* do not expire/);
    expect(terms).toMatch(/Payments are non-refundable/);
    expect(terms).toMatch(/greater of US \$50 or the amount you paid us in the 12 months/);
    expect(terms).toMatch(/opt out .* within 30 days/);
    expect(terms).toMatch(/laws of the State of Georgia/);
  });
});

describe('Privacy Policy', () => {
  it('is dated October 5th, 2025 and covers every topic of SPEC §1 with the contact address', () => {
    render(<LegalDocumentView document={PRIVACY} contactEmail={email} onBack={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Effective October 5th, 2025')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    for (const topic of ['What we collect', 'How we use it', 'Sharing', 'Cookies', 'Security', 'Retention', 'International transfers', 'Your rights in the EU and UK', 'Your rights in California']) {
      expect(headings.some((h) => h.endsWith(topic))).toBe(true);
    }
    const contact = screen.getByRole('heading', { name: 'Contact us' }).parentElement!;
    expect(within(contact).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    const privacy = text(PRIVACY);
    for (const collected of [/name and email/, /images and videos you add/, /Device information/, /Usage data/, /Prompts and generated content/]) {
      expect(privacy).toMatch(collected);
    }
    expect(privacy).toMatch(/train, evaluate and improve our AI models/);
    expect(privacy).toMatch(/within 30 days; copies in backups are deleted within 90 days/);
    expect(privacy).toMatch(/18/);
  });
});
