// react-dom for the light pages' Preact build (rspack.config.ts, lightConfig): what the light pages import from
// react-dom — flushSync from Preact's compatibility layer, and React 19's preload(), which the art images use
// for the page's largest picture and compat lacks. (The light build fails on a name missing here.)
export { flushSync } from 'preact/compat';

interface PreloadOptions {
  as: string;
  imageSrcSet?: string;
  imageSizes?: string;
  type?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
}

/** A `<link rel="preload">` in the head for `href`, unless the page already has one for it. */
export function preload(href: string, options: PreloadOptions): void {
  const key = options.imageSrcSet ?? href;
  const present = [...document.querySelectorAll('link[rel="preload"]')].some((link) => (link.getAttribute('imagesrcset') ?? link.getAttribute('href')) === key);
  if (present) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', options.as);
  link.href = href;
  if (options.imageSrcSet) link.setAttribute('imagesrcset', options.imageSrcSet);
  if (options.imageSizes) link.setAttribute('imagesizes', options.imageSizes);
  if (options.type) link.setAttribute('type', options.type);
  if (options.fetchPriority) link.setAttribute('fetchpriority', options.fetchPriority);
  document.head.append(link);
}
