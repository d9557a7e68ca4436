import '@testing-library/jest-dom/vitest';
import { uninstallFakeApi } from '@atelier/host/testing';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library drains React's work with a setTimeout(0) that it advances only under *Jest's* fake
// timers (it looks for a `jest` global). This shim lets user-event, findBy… and waitFor run under
// vi.useFakeTimers() too (the polling tests).
Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });

afterEach(() => {
  cleanup();
  uninstallFakeApi(); // fails the test if the screen called a route the fake API does not answer
  window.sessionStorage.clear(); // a photoshoot a test left running is not the next test's (the wizard comes back to it)
});

// jsdom has no object URLs; the flow shows chosen files through them.
let objectUrls = 0;
if (!URL.createObjectURL) URL.createObjectURL = () => `blob:http://localhost/fake-${++objectUrls}`;
if (!URL.revokeObjectURL) URL.revokeObjectURL = () => {};
