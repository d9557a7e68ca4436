import { VISITOR_META_NAME } from '@atelier/contracts/visitor';

const mark = () => (typeof document === 'undefined' ? null : document.querySelector(`meta[name="${VISITOR_META_NAME}"]`));

/** The page was sent to a browser without a session cookie (the gateway marks it): signed out, nothing to ask. */
export const sentAsVisitor = (): boolean => mark() !== null;

/** Forgets the mark: the page is shown again from the back/forward cache, and a sign-in may have happened since. */
export const forgetVisitorMark = (): void => mark()?.remove();
