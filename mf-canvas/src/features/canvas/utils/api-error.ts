// What a failed API call says: shared by every remote (@atelier/contracts/api-error).
import { numberField, parseApiError } from '@atelier/contracts/api-error';

export { answerLost, parseApiError, type ApiErrorInfo } from '@atelier/contracts/api-error';

/** A 402 `{ error, limitReached, used, limit }`: the used and limit to show in the limit dialog. */
export function limitReached(error: unknown): { used: number; limit: number } | null {
  const { status, body } = parseApiError(error);
  if (status !== 402) return null;
  return {
    used: numberField(body, 'used') ?? 0,
    limit: numberField(body, 'limit') ?? 0,
  };
}
