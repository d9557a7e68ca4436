import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CreateScreenRemote from '../../../expose/create-screen';
import { installFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';

// The colours come from the design tokens the page is styled with (@atelier/ui/theme.css), and the classes
// from the rendered button: change either and this measures the new pair.
const theme = readFileSync(createRequire(import.meta.url).resolve('@atelier/ui/theme.css'), 'utf8');
const tokens = new Map([...theme.matchAll(/--color-([\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));

type Rgb = [number, number, number];

function tokenColour(name: string): Rgb {
  const value = tokens.get(name);
  if (!value) throw new Error(`No colour token --color-${name} in theme.css`);
  const reference = /^var\(--color-([\w-]+)\)$/.exec(value);
  if (reference) return tokenColour(reference[1]!);
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (!hex) throw new Error(`--color-${name} is not a #rrggbb colour: ${value}`);
  return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as Rgb;
}

/** A Tailwind colour class's value (`muted-foreground`, `card/95`) as the colour over `ground`. */
function classColour(value: string, ground: Rgb): Rgb {
  const [name, alpha] = value.split('/');
  return mix(tokenColour(name!), ground, alpha ? Number(alpha) / 100 : 1);
}

const mix = (top: Rgb, ground: Rgb, alpha: number): Rgb => top.map((channel, i) => channel * alpha + ground[i]! * (1 - alpha)) as Rgb;

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(rgb: Rgb) {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: Rgb, b: Rgb) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text and background a disabled button shows, from its classes: the `disabled:` variant of each wins
 * over the plain one, and the button's opacity blends both into the bar behind it (the card).
 */
function disabledColours(className: string) {
  const classes = className.split(/\s+/);
  const pick = (utility: string, isColour: (value: string) => boolean) => {
    const values = (prefix: string) =>
      classes.filter((c) => c.startsWith(`${prefix}${utility}-`)).map((c) => c.slice(`${prefix}${utility}-`.length)).filter(isColour);
    return values('disabled:').at(-1) ?? values('').at(-1);
  };
  const isToken = (value: string) => tokens.has(value.split('/')[0]!);
  const card = tokenColour('card');
  const background = classColour(pick('bg', isToken)!, card);
  const text = classColour(pick('text', isToken)!, background);
  const opacity = Number(pick('opacity', (value) => /^\d+$/.test(value)) ?? 100) / 100;
  return { background: mix(background, card, opacity), text: mix(text, card, opacity) };
}

describe('the Generate button', () => {
  it('has AA contrast (at least 4.5:1) while it is disabled', async () => {
    installFakeApi();
    renderWithHost(<CreateScreenRemote tab="image" />);
    const generate = await screen.findByRole('button', { name: 'Generate · 1 credit' });
    expect(generate).toBeDisabled();
    const { background, text } = disabledColours(generate.className);
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('measures the ui kit\'s plain half-opacity disabled look below AA (why the form overrides it)', () => {
    const { background, text } = disabledColours('bg-primary text-primary-foreground disabled:opacity-50');
    expect(contrast(text, background)).toBeLessThan(4.5);
    const enabled = disabledColours('bg-primary text-primary-foreground');
    expect(contrast(enabled.text, enabled.background)).toBeGreaterThan(15);
  });
});
