// Its own entry (`@atelier/contracts/visitor`): the shell's first chunk reads it, without the schemas and zod.
/**
 * A page sent to a browser without a session cookie carries `<meta name="atelier-visitor">` (the gateway adds it;
 * the prerendered public pages are built with it): the shell then knows the visitor is signed out without asking
 * GET /api/auth/user, whose 401 every browser logs as an error.
 */
export const VISITOR_META_NAME = 'atelier-visitor';
export const VISITOR_META = `<meta name="${VISITOR_META_NAME}" content="">`;
