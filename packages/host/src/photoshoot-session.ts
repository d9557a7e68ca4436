/**
 * The photoshoot this browser tab is making or has just made, kept across a reload (sessionStorage): the photoshoot
 * remote comes back to it at step 5 (docs/decisions.md, "A fifth walkthrough's fixes"), and the shell's Photoshoots
 * route lets the tab back in to it even when it used the last of the allowance. Forgotten when the wizard is closed
 * or the photoshoot fails.
 */
export const PHOTOSHOOT_SESSION_KEY = 'atelier.photoshoot.running';
const JOB_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The job id kept for this tab, or null (none, not one of ours, or storage refused). */
export function photoshootInSession(): string | null {
  try {
    const stored = window.sessionStorage.getItem(PHOTOSHOOT_SESSION_KEY);
    return stored && JOB_ID.test(stored) ? stored : null;
  } catch {
    return null; // storage refused (private mode): nothing to come back to
  }
}

/** Keeps (or, with null, forgets) the tab's photoshoot. */
export function keepPhotoshootInSession(jobId: string | null): void {
  try {
    if (jobId) window.sessionStorage.setItem(PHOTOSHOOT_SESSION_KEY, jobId);
    else window.sessionStorage.removeItem(PHOTOSHOOT_SESSION_KEY);
  } catch {
    // storage refused: a reload starts over
  }
}
