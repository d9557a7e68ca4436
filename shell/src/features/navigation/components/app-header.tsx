import type { User } from '@atelier/contracts';
import { useCurrentUser, useHost } from '@atelier/host';
import {
  Button,
  cn,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@atelier/ui';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { NAVIGATIONS, PRODUCT_NAME, ROUTES, TEXTS } from '../../../constants';
import { usePhotoshootsGate } from '../hooks/use-photoshoots-gate';
import { activeTabFromPath, visibleTabs, type AppTab } from '../utils/tabs';

function logout(track: (event: string) => void) {
  track('user_logout');
  window.location.assign(NAVIGATIONS.logout); // full navigation: the server ends the session and redirects to /
}

function TabTag({ tag }: { tag: AppTab['tag'] }) {
  if (!tag) return null;
  return (
    <span className="ml-1.5 rounded-full bg-accent px-1.5 py-px text-[10px] font-semibold uppercase tracking-wider text-ivory">
      {tag}
    </span>
  );
}

function pricingLabel(user: User) {
  return user.plan === 'free' ? TEXTS.removeLimits : TEXTS.subscription;
}

/** The header's bar, the same in the app and in a remote route's first paint (prerender-frame.tsx). */
export function HeaderBar({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 [@media(max-height:480px)]:static border-b border-border/70 bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">{children}</div>
    </header>
  );
}

export const WORDMARK_CLASS = 'font-display text-2xl tracking-tight';

export interface AppHeaderProps {
  avatarEnabled: boolean;
}

/** Wordmark, the tabs, and the account corner; a slide-in menu on small screens. */
export function AppHeader({ avatarEnabled }: AppHeaderProps) {
  const { user } = useCurrentUser();
  const host = useHost();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const tabs = visibleTabs(avatarEnabled);
  const active = activeTabFromPath(pathname);
  const onAccount = pathname.replace(/\/+$/, '') === ROUTES.account;
  const photoshoots = usePhotoshootsGate();
  const guardTab = (tab: AppTab) => () => {
    // A blocked Photoshoots tab is no tab change: the navigation gate stops it and shows the limit dialog.
    if (tab.id === 'photoshoots' && photoshoots.blocked) return;
    if (tab.id !== active) host.track('tab_changed', { tab: tab.id, from: active ?? 'none' });
  };
  /** One tab's link, in the bar or the menu (each with its own look, current or not). */
  const tabLink = (tab: AppTab, look: (current: boolean) => string) => (
    <Link
      key={tab.id}
      to={tab.to}
      onClick={guardTab(tab)}
      aria-current={active === tab.id ? 'page' : undefined}
      className={look(active === tab.id)}
    >
      {tab.label}
      <TabTag tag={tab.tag} />
    </Link>
  );

  return (
    <HeaderBar>
      <Link to={user ? ROUTES.app : ROUTES.landing} className={WORDMARK_CLASS}>
        {PRODUCT_NAME}
      </Link>

      {user ? (
        <nav aria-label="Studio" className="hidden flex-1 items-center justify-center gap-1 lg:flex">
          {tabs.map((tab) =>
            tabLink(tab, (current) =>
              cn(
                'inline-flex items-center rounded-full px-3.5 py-1.5 text-sm transition-colors hover:bg-muted',
                current ? 'bg-ink text-ivory hover:bg-ink' : 'text-muted-foreground',
              ),
            ),
          )}
        </nav>
      ) : (
        <div className="flex-1" />
      )}

      <div className="ml-auto hidden items-center gap-3 lg:flex">
        {user ? (
          <>
            <Button asChild variant="accent" size="sm">
              <Link to={ROUTES.pricing}>{pricingLabel(user)}</Link>
            </Button>
            <span className="max-w-40 truncate text-sm text-muted-foreground">
              {user.firstName || user.email}
            </span>
            <Button asChild variant="ghost" size="sm" className="aria-[current=page]:bg-muted">
              <Link to={ROUTES.account} aria-current={onAccount ? 'page' : undefined}>
                {TEXTS.account}
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => logout(host.track)}>
              {TEXTS.logout}
            </Button>
          </>
        ) : (
          <>
            <Button asChild variant="ghost" size="sm">
              <Link to={ROUTES.login}>{TEXTS.login}</Link>
            </Button>
            <Button asChild size="sm">
              <Link to={ROUTES.login}>{TEXTS.signUp}</Link>
            </Button>
          </>
        )}
      </div>

      <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="icon" className="ml-auto lg:hidden" aria-label="Open menu">
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              aria-hidden="true"
            >
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            </svg>
          </Button>
        </DialogTrigger>
        <DialogContent
          className="left-auto right-0 top-0 h-full max-w-xs translate-x-0 translate-y-0 content-start rounded-none border-0 border-l animate-slide-in-right [animation-duration:300ms]"
          // Radix focuses the first control that is not a link: here Log Out, one Enter from signing a keyboard user
          // out. The menu's first item takes focus instead.
          onOpenAutoFocus={(event) => {
            const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('a[href], button');
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
        >
          <DialogTitle className="font-display text-2xl">
            {PRODUCT_NAME}{' '}
            <span className="align-middle font-sans text-xs uppercase tracking-widest text-accent">
              pre-alpha
            </span>
          </DialogTitle>
          <DialogDescription className="sr-only">Studio menu</DialogDescription>
          {user ? (
            <nav aria-label="Studio menu" className="flex flex-col gap-1">
              {tabs.map((tab) => (
                <DialogClose asChild key={tab.id}>
                  {tabLink(tab, (current) =>
                    cn(
                      'flex items-center rounded-md px-3 py-2.5 text-base',
                      current ? 'bg-ink text-ivory' : 'hover:bg-muted',
                    ),
                  )}
                </DialogClose>
              ))}
            </nav>
          ) : null}
          <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4">
            {user ? (
              <>
                <p className="truncate text-sm text-muted-foreground">{user.firstName || user.email}</p>
                <DialogClose asChild>
                  <Link
                    to={ROUTES.account}
                    aria-current={onAccount ? 'page' : undefined}
                    className={cn(
                      'flex items-center rounded-md px-3 py-2.5 text-base',
                      onAccount ? 'bg-ink text-ivory' : 'hover:bg-muted',
                    )}
                  >
                    {TEXTS.account}
                  </Link>
                </DialogClose>
                <DialogClose asChild>
                  <Button asChild variant="accent">
                    <Link to={ROUTES.pricing}>{pricingLabel(user)}</Link>
                  </Button>
                </DialogClose>
                <Button
                  variant="outline"
                  onClick={() => {
                    setMenuOpen(false);
                    logout(host.track);
                  }}
                >
                  Log Out
                </Button>
              </>
            ) : (
              <>
                <DialogClose asChild>
                  <Button asChild variant="outline">
                    <Link to={ROUTES.login}>{TEXTS.login}</Link>
                  </Button>
                </DialogClose>
                <DialogClose asChild>
                  <Button asChild>
                    <Link to={ROUTES.login}>{TEXTS.signUp}</Link>
                  </Button>
                </DialogClose>
              </>
            )}
          </div>
        </DialogContent>
      </Dialog>
    </HeaderBar>
  );
}
