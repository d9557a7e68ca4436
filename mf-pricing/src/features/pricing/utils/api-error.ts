// What a failed API call says: shared by every remote (@atelier/contracts/api-error). The pricing page shows its own
// texts (SPEC §8), reading only the status and the body's fields.
export { isNetworkError, parseApiError, textField, type ApiErrorInfo } from '@atelier/contracts/api-error';
