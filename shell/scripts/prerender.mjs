// After `rspack build`: writes dist/landing.html and dist/login.html, index.html with each public page's HTML
// rendered in #root (the gateway sends them to visitors without a session; the client hydrates them).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const bundle = path.join(root, '.prerender', 'prerender.cjs');
const { PRERENDERED_PAGES, withPrerendered } = createRequire(import.meta.url)(bundle);
const index = readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
for (const page of Object.keys(PRERENDERED_PAGES)) {
  const html = withPrerendered(index, page);
  writeFileSync(path.join(root, 'dist', `${page}.html`), html);
  console.log(`prerendered ${PRERENDERED_PAGES[page]} → dist/${page}.html (${Math.round(html.length / 1024)} KB)`);
}
rmSync(path.join(root, '.prerender'), { recursive: true, force: true });
