import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // DevHost imports its own package by name; in tests that must be the source, not dist.
  resolve: { alias: { '@atelier/host': fileURLToPath(new URL('./src/index.ts', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/__tests__/setup.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
