import '@testing-library/jest-dom/vitest';
import { uninstallFakeApi } from '@atelier/host/testing';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  uninstallFakeApi(); // fails the test if the screen called a route the fake API does not answer
});
