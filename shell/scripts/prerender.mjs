// After `rspack build`: writes dist/first-paint.json (below) and dist/<page>.html for each prerendered public page
// (landing, login, terms, privacy):
// index.html with the page's HTML rendered in #root and a light script in place of the federated entry —
// src/light.tsx for the landing and login, src/light-legal.tsx for the legal pages (the gateway sends them to
// visitors without a session; the light script hydrates them).
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const bundle = path.join(root, '.prerender', 'prerender.cjs');
const { FIRST_PAINT_ROUTES, FIRST_PAINT_SLOT, PRERENDERED_PAGES, isLegalPage, renderFirstPaintFrame, withPrerendered } =
  createRequire(import.meta.url)(bundle);
const index = readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
// The light pages' script (rspack's `light` build, written to .light/ so the browser build's clean of dist/
// cannot race it), moved to dist/light/.
cpSync(path.join(root, '.light'), path.join(root, 'dist', 'light'), { recursive: true });
rmSync(path.join(root, '.light'), { recursive: true, force: true });
/** The one `dist/light/<name>.<hash>.js` of a light entry (`light` for / and /login, `legal` for the legal pages). */
const script = (name) => {
  const found = readdirSync(path.join(root, 'dist', 'light')).filter((file) => new RegExp(`^${name}\\.[0-9a-f]+\\.js$`).test(file));
  if (found.length !== 1) throw new Error(`expected one dist/light/${name}.*.js, found ${found.length}`);
  return `/light/${found[0]}`;
};
for (const page of Object.keys(PRERENDERED_PAGES)) {
  const html = withPrerendered(index, page, script(isLegalPage(page) ? 'legal' : 'light'));
  writeFileSync(path.join(root, 'dist', `${page}.html`), html);
  console.log(`prerendered ${PRERENDERED_PAGES[page]} → dist/${page}.html (${Math.round(html.length / 1024)} KB)`);
}
// The remote routes' first paint (src/lib/first-paint.ts): the frame and the routes, for the gateway to put each
// remote's screen (its own dist/first-paint.json) in.
writeFileSync(
  path.join(root, 'dist', 'first-paint.json'),
  JSON.stringify({ frame: renderFirstPaintFrame(), slot: FIRST_PAINT_SLOT, routes: FIRST_PAINT_ROUTES }),
);
rmSync(path.join(root, '.prerender'), { recursive: true, force: true });
