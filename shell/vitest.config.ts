import { defineConfig } from 'vitest/config';
import { DEFAULT_SHELL_CONFIG } from './shell-config';

export default defineConfig({
  define: { __SHELL_CONFIG__: JSON.stringify(DEFAULT_SHELL_CONFIG) },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
