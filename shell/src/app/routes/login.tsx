import { Button } from '@atelier/ui';
import { Link } from 'react-router-dom';
import { usePublicConfig } from '../../features/auth/api/get-config';
import { SignInError } from '../../features/auth/components/sign-in-error';
import { StyleArt } from '../../features/landing/components/style-art';
import { LANDING_STYLES } from '../../features/landing/utils/styles';
import { NAVIGATIONS, PRODUCT_NAME, ROUTES, TEXTS } from '../../constants';
import { useRotation } from '../../hooks/use-rotation';

// SPEC §2 "Login screen": hero images change every 4 s with a 250 ms fade.
export const LOGIN_HERO_INTERVAL_MS = 4000;
export const LOGIN_HERO_FADE_MS = 250;

function LoginHero() {
  const { index } = useRotation(LANDING_STYLES.length, LOGIN_HERO_INTERVAL_MS);
  const style = LANDING_STYLES[index]!;
  return (
    <aside aria-label="Featured style" className="surface-dark relative h-80 overflow-hidden bg-ink sm:h-96 lg:h-auto lg:min-h-svh">
      <div
        key={style.id}
        data-testid="login-hero"
        data-style={style.id}
        className="absolute inset-0 animate-fade-in"
        style={{ animationDuration: `${LOGIN_HERO_FADE_MS}ms` }}
      >
        <StyleArt style={style} className="h-full w-full" crop="top" />
      </div>
      <div className="absolute inset-0 bg-gradient-to-t from-ink/85 via-ink/20 to-transparent" />
      <div className="absolute inset-x-0 bottom-0 flex flex-col gap-1 p-6 text-ivory lg:p-12">
        <p className="font-display text-2xl leading-tight sm:text-3xl lg:text-5xl">Dress the idea. Shoot the look.</p>
        <p className="text-sm text-ivory/75">
          {style.title} — {style.subtitle}
        </p>
      </div>
    </aside>
  );
}

export function LoginRoute() {
  const { devLogin } = usePublicConfig();
  return (
    <div className="grid min-h-svh grid-rows-[auto_1fr] lg:grid-cols-2 lg:grid-rows-1">
      <LoginHero />
      <main id="main" className="flex flex-col items-center gap-8 px-6 py-10 lg:justify-center lg:py-12">
        <Link to={ROUTES.landing} className="font-display text-4xl tracking-tight">
          {PRODUCT_NAME}
        </Link>
        <div className="flex w-full max-w-sm flex-col gap-3">
          <h1 className="text-center text-2xl">Sign in to your studio</h1>
          <SignInError />
          <Button size="lg" onClick={() => window.location.assign(NAVIGATIONS.googleSignIn)}>
            <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
              <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
              <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z" />
              <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.8V6.5h-4a12 12 0 0 0 0 11z" />
              <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.5l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
            </svg>
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
      </main>
    </div>
  );
}

export const Component = LoginRoute;
