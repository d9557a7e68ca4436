import { fileURLToPath } from 'node:url';

/** drizzle-kit's SQL migrations, beside src/ and dist/ alike. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
