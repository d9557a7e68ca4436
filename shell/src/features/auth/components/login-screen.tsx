import { useEffect, useRef, type MouseEvent } from 'react';
import { ACCOUNT_DELETION, NAVIGATIONS, PRODUCT_NAME, ROUTES, TEXTS } from '../../../constants';
import { useRotation } from '../../../hooks/use-rotation';
import { ArtImage, styleArt } from '../../landing/components/art-image';
import { LANDING_STYLES } from '../../landing/utils/styles';
import { SIGN_IN_ERROR_TITLE, signInErrorMessage } from '../utils/sign-in-errors';

// SPEC §2 "Login screen": hero images change every 4 s with a 250 ms fade.
export const LOGIN_HERO_INTERVAL_MS = 4000;
export const LOGIN_HERO_FADE_MS = 250;

// The look of @atelier/ui's Button (size lg, default and outline). This screen is also rendered by the light
// entry (app/login-app.tsx), which must not load the shared UI package, the router or React Query.
const BUTTON =
  'inline-flex h-12 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-full px-7 text-base font-medium tracking-wide transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';
const BUTTON_DEFAULT = `${BUTTON} bg-primary text-primary-foreground hover:bg-ink-soft`;
const BUTTON_OUTLINE = `${BUTTON} border border-ink/80 bg-transparent text-foreground hover:bg-ink hover:text-ivory`;

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
        <ArtImage art={styleArt(style.id)} sizes="(min-width: 64rem) 50vw, 100vw" className="h-full w-full" crop="top" priority />
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

/** On /login?error=<code>: why the last sign-in did not go through. Renders nothing otherwise. */
export function SignInErrorBox({ code }: { code: string | null }) {
  const message = signInErrorMessage(code);
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
      <p className="font-semibold">{SIGN_IN_ERROR_TITLE}</p>
      <p>{message}</p>
    </div>
  );
}

/** On /login?account=deleted: the account the user just deleted is gone (docs/decisions.md, "Deleting an account"). */
export function AccountDeletedBox({ account }: { account: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  const shown = account === 'deleted';
  // Focused when the page opens: a status present from the start is not announced by screen readers otherwise.
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={box} tabIndex={-1} role="status" className="rounded-md border border-border bg-muted px-4 py-3 text-sm focus:outline-none">
      <p className="font-semibold">{ACCOUNT_DELETION.doneTitle}</p>
      <p className="text-muted-foreground">{ACCOUNT_DELETION.doneText}</p>
    </div>
  );
}

export interface LoginScreenProps {
  /** The server allows development sign-in (GET /api/config): the Dev Entry button shows. */
  devLogin: boolean;
  /** `?error=` of the address, when the last sign-in failed. */
  errorCode: string | null;
  /** `?account=` of the address: `deleted` right after the user deleted their account. */
  accountNotice?: string | null;
  /** Moves to another screen of the product without a page load (a plain click on a link). */
  onNavigate: (to: string) => void;
}

/** SPEC §2's login screen: Continue with Google, the hidden Dev Entry, links to the terms and privacy. */
export function LoginScreen({ devLogin, errorCode, accountNotice = null, onNavigate }: LoginScreenProps) {
  const link = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier keys, middle click) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(to);
  };
  return (
    <div className="grid min-h-svh grid-rows-[auto_1fr] lg:grid-cols-2 lg:grid-rows-1">
      <LoginHero />
      <main id="main" className="flex flex-col items-center gap-8 px-6 py-10 lg:justify-center lg:py-12">
        <a href={ROUTES.landing} onClick={link(ROUTES.landing)} className="font-display text-4xl tracking-tight">
          {PRODUCT_NAME}
        </a>
        <div className="flex w-full max-w-sm flex-col gap-3">
          <h1 className="text-center text-2xl">Sign in to your studio</h1>
          <SignInErrorBox code={errorCode} />
          <AccountDeletedBox account={accountNotice} />
          <button type="button" className={BUTTON_DEFAULT} onClick={() => window.location.assign(NAVIGATIONS.googleSignIn)}>
            <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
              <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z" />
              <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z" />
              <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.8V6.5h-4a12 12 0 0 0 0 11z" />
              <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.5l4 3.1C6.3 6.9 8.9 4.8 12 4.8z" />
            </svg>
            {TEXTS.continueWithGoogle}
          </button>
          {devLogin ? (
            <button type="button" className={BUTTON_OUTLINE} onClick={() => window.location.assign(NAVIGATIONS.devLogin)}>
              {TEXTS.devEntry}
            </button>
          ) : null}
        </div>
        <p className="max-w-sm text-center text-xs text-muted-foreground">
          By continuing you agree to the{' '}
          <a href={ROUTES.terms} onClick={link(ROUTES.terms)} className="underline underline-offset-2">
            Terms of Service
          </a>{' '}
          and the{' '}
          <a href={ROUTES.privacy} onClick={link(ROUTES.privacy)} className="underline underline-offset-2">
            Privacy Policy
          </a>
          .
        </p>
      </main>
    </div>
  );
}
