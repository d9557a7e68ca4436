// What a failed API call says: shared by every remote (@atelier/contracts/api-error).
export { answerLost, numberField, parseApiError, type ApiErrorInfo } from '@atelier/contracts/api-error';
