import '@testing-library/jest-dom/vitest';
import { uninstallFakeApi } from '@atelier/host/testing';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a file (the plans answer, Radix's dialogs) can take over a second on the shared 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  uninstallFakeApi(); // fails the test if the screen called a route the fake API does not answer
});
