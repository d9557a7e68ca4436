import { useSearchParams } from 'react-router-dom';
import { SIGN_IN_ERROR_TITLE, signInErrorMessage } from '../utils/sign-in-errors';

/** On /login?error=<code>: why the last sign-in did not go through. Renders nothing otherwise. */
export function SignInError() {
  const [params] = useSearchParams();
  const message = signInErrorMessage(params.get('error'));
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
      <p className="font-semibold">{SIGN_IN_ERROR_TITLE}</p>
      <p>{message}</p>
    </div>
  );
}
