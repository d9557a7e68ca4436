import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 20_000, // user-event typing is slow while turbo builds other packages on 2 cores
    css: false, // styles are Tailwind's job at build time; tests read roles and text
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
