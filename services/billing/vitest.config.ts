import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // A PostgreSQL server for the database and job tests (TEST_DATABASE_URL, or a throwaway one).
    globalSetup: ['../../scripts/lib/vitest-postgres.mjs'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
  },
});
