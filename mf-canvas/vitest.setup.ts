import '@testing-library/jest-dom/vitest';
import { uninstallFakeApi } from '@atelier/host/testing';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy/waitFor wait up to 5 s: a loaded 2-core CI machine is slow.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (typeof window !== 'undefined') localStorage.clear(); // not in a Node test (the first paint's)
  uninstallFakeApi(); // fails the test if the screen called a route the fake API does not answer
});
