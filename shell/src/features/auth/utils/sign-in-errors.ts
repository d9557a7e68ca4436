// What the login screen says when sign-in ended on /login?error=<code>. The codes are the account
// service's (services/account/src/domain/oidc.ts); an unknown code gets the generic text.

export const SIGN_IN_ERROR_TITLE = "We couldn't sign you in";

export const SIGN_IN_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  access_denied: 'Sign-in was cancelled at Google. Continue with Google to try again.',
  provider_error: 'Google reported a problem while signing you in. Please try again.',
  expired: 'Your sign-in took too long or was started in another browser. Please try again.',
  invalid_state: 'This sign-in link was not started here or was altered, so we stopped it for your safety. Please try again.',
  invalid_nonce: 'We could not confirm this sign-in belongs to you, so we stopped it for your safety. Please try again.',
  unavailable: 'Sign-in is not available right now. Please try again in a few minutes.',
  failed: 'We could not verify your sign-in. Please try again.',
};

export const GENERIC_SIGN_IN_ERROR = 'Something went wrong while signing you in. Please try again.';

/** The message for an error code from the address bar; null when there is none. */
export function signInErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return Object.hasOwn(SIGN_IN_ERROR_MESSAGES, code) ? SIGN_IN_ERROR_MESSAGES[code]! : GENERIC_SIGN_IN_ERROR;
}
