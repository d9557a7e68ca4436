// Vitest globalSetup for the workspaces whose tests need PostgreSQL: `npm test` passes one server
// to every workspace (TEST_DATABASE_URL); a workspace tested alone starts a throwaway one here.
import { startThrowawayPostgres } from './postgres.mjs';

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const cluster = await startThrowawayPostgres();
  process.env.TEST_DATABASE_URL = cluster.url;
  return () => cluster.stop();
}
