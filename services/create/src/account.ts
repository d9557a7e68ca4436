// The account client lives in kit (every service that spends uses it); create names itself as the caller.
export { AccountUnavailable, createAccountClient, type AccountClient, type ReserveOutcome } from '@atelier/kit';
