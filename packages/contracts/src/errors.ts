import { z } from 'zod';

/** Every non-2xx JSON body from the gateway and services. */
export const errorBodySchema = z.looseObject({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
