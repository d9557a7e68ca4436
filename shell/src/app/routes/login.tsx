import { Button } from '@atelier/ui';
import { Link } from 'react-router-dom';
import { usePublicConfig } from '../../features/auth/api/get-config';
import { SignInError } from '../../features/auth/components/sign-in-error';
import { NAVIGATIONS, PRODUCT_NAME, ROUTES, TEXTS } from '../../constants';

export function LoginRoute() {
  const { devLogin } = usePublicConfig();
  return (
    <main className="grid min-h-svh lg:grid-cols-2">
      <div className="hidden bg-ink lg:block" aria-hidden="true">
        <div className="flex h-full items-end bg-[radial-gradient(ellipse_at_30%_20%,#a8382b55,transparent_60%)] p-12">
          <p className="font-display text-5xl leading-tight text-ivory">Dress the idea. Shoot the look.</p>
        </div>
      </div>
      <div className="flex flex-col items-center justify-center gap-8 px-6 py-12">
        <Link to={ROUTES.landing} className="font-display text-4xl tracking-tight">
          {PRODUCT_NAME}
        </Link>
        <div className="flex w-full max-w-sm flex-col gap-3">
          <h1 className="text-center text-2xl">Sign in to your studio</h1>
          <SignInError />
          <Button size="lg" onClick={() => window.location.assign(NAVIGATIONS.googleSignIn)}>
            {TEXTS.continueWithGoogle}
          </Button>
          {devLogin ? (
            <Button variant="outline" size="lg" onClick={() => window.location.assign(NAVIGATIONS.devLogin)}>
              {TEXTS.devEntry}
            </Button>
          ) : null}
        </div>
        <p className="max-w-sm text-center text-xs text-muted-foreground">
          By continuing you agree to the{' '}
          <Link to={ROUTES.terms} className="underline underline-offset-2">
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link to={ROUTES.privacy} className="underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </main>
  );
}

export const Component = LoginRoute;
