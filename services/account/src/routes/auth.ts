import type { User } from '@atelier/contracts';
import { isSameSiteRequest, notFound, requireUser, unauthorized, type Db } from '@atelier/kit';
import { Router, type Request, type Response } from 'express';
import type { AccountConfig } from '../config.js';
import { AFTER_SIGN_IN_PATH, AFTER_SIGN_OUT_PATH, DEV_USER } from '../constants.js';
import { findOrCreateUser, findUserById, markUserDeleted } from '../db/users.js';
import { readSessionToken, sessionCookie, signedInMarkerCookie } from '../domain/cookies.js';
import { sessionIdOf } from '../domain/sessions.js';
import type { Sessions } from '../sessions.js';

export interface AuthRouteDeps {
  config: AccountConfig;
  db: Db;
  sessions: Sessions;
  clock: () => Date;
}

/** Sign-in, sign-out and the current user. */
export function authRoutes({ config, db, sessions, clock }: AuthRouteDeps): Router {
  const router = Router();
  const cookie = sessionCookie(config.publicUrl, config.sessionAbsoluteTimeoutMs);
  const { maxAge: _maxAge, ...clearOptions } = cookie.options;

  /** Ends the session a browser presents (by cookie) and the one the gateway vouches for. */
  async function endPresentedSessions(req: Request): Promise<void> {
    const token = readSessionToken(req.headers.cookie, cookie.name);
    const ids = new Set<string>();
    if (token) ids.add(sessionIdOf(token));
    if (req.identity) ids.add(req.identity.sessionId);
    for (const id of ids) await sessions.revoke(id);
  }

  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

  /** The session cookie, and a sign-in's marker not yet read by the shell: it belongs to the session that ended. */
  function clearSignInCookies(res: Response): void {
    res.clearCookie(cookie.name, clearOptions);
    const { name: markerName, options: markerOptions } = signedInMarkerCookie(config.publicUrl);
    const { maxAge: _markerAge, ...clearMarker } = markerOptions;
    res.clearCookie(markerName, clearMarker);
  }

  router.get('/api/dev-login', async (req, res) => {
    if (!config.devLogin) throw notFound('Development sign-in is disabled');
    const user = await findOrCreateUser(db, DEV_USER);
    // A new session id at every sign-in; whatever session came with the request ends.
    await endPresentedSessions(req);
    const { token } = await sessions.start(user.id);
    noStore(res);
    res.cookie(cookie.name, token, cookie.options);
    const marker = signedInMarkerCookie(config.publicUrl);
    res.cookie(marker.name, marker.value, marker.options);
    res.redirect(302, AFTER_SIGN_IN_PATH);
  });

  // SPEC keeps sign-out a GET, so another site could link or <img> it: only a navigation from our
  // own pages (or typed by the user) ends the session; anything else just goes home, still signed in.
  router.get('/api/logout', async (req, res) => {
    noStore(res);
    if (!isSameSiteRequest(req, config.publicUrl.origin)) {
      res.redirect(302, AFTER_SIGN_OUT_PATH);
      return;
    }
    await endPresentedSessions(req);
    clearSignInCookies(res);
    res.redirect(302, AFTER_SIGN_OUT_PATH);
  });

  // Deleting the account (docs/decisions.md, "Deleting an account"): the user is nobody from this answer on, every
  // session of theirs ends (each gateway forgets it at once), and the services erase their data in the background.
  // The gateway refuses a cross-site DELETE (its CSRF check), so no page elsewhere can trigger it.
  router.delete('/api/account', requireUser(), async (req, res) => {
    noStore(res);
    const deleted = await markUserDeleted(db, req.identity!.userId, clock());
    if (!deleted) throw unauthorized();
    clearSignInCookies(res);
    res.status(204).end();
  });

  router.get('/api/auth/user', requireUser(), async (req, res) => {
    const user = await findUserById(db, req.identity!.userId);
    if (!user) throw unauthorized();
    const body: User = {
      id: user.id,
      plan: user.plan,
      firstName: user.firstName,
      email: user.email,
      stripeSubscriptionId: user.stripeSubscriptionId ?? null,
    };
    noStore(res);
    res.json(body);
  });

  return router;
}
