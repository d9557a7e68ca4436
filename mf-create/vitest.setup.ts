import '@testing-library/jest-dom/vitest';
import { uninstallFakeApi } from '@atelier/host/testing';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy/waitFor wait up to 5 s: a loaded 2-core CI machine is slow, and the bar's reset takes 1 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no object URLs; the image inputs preview a chosen file through one.
if (!URL.createObjectURL) {
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${++n}`;
  URL.revokeObjectURL = () => {};
}

// jsdom plays no media (each call logs an error): the gallery's video tiles preview on hover and focus. (A test
// in Node, such as the first paint's, has no media elements at all.)
if (typeof HTMLMediaElement !== 'undefined') {
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.pause = () => {};
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (typeof window !== 'undefined') localStorage.clear(); // not in a Node test (the first paint's)
  uninstallFakeApi(); // fails the test if the screen called a route the fake API does not answer
});
