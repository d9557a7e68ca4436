// The seam between the shell and the remotes (docs/architecture.md, "@atelier/host").

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}

export type LimitDialogType = 'credits' | 'image' | 'video' | 'dressup' | 'canvas';

export interface LimitDialogOptions {
  type: LimitDialogType;
  used: number;
  limit: number;
  /**
   * The counter that ran out: `avatar` for photoshoots (SPEC §8 gives them the type `dressup`, which Dress Up's
   * credits share), else credits.
   */
  feature?: 'credits' | 'avatar';
}

/** Where a navigation would take the app. */
export interface NavigationTarget {
  pathname: string;
  search: string;
  /**
   * The browser's Back or Forward (the page has not changed yet for the app; a stop takes the browser back to where
   * it was). Absent from a shell older than this field: treat absent as a link or `navigate`.
   */
  traversal?: boolean;
}

export interface Host {
  /** SPEC §7 client: credentials included; throws Error("<status>: <text>") on any non-2xx. */
  apiRequest(method: string, url: string, body?: unknown): Promise<Response>;
  toast(options: ToastOptions): void;
  openLimitDialog(options: LimitDialogOptions): void;
  navigate(to: string, options?: { replace?: boolean }): void;
  /**
   * Consults `shouldStop` before every navigation of the app (links, navigate, the browser's Back and Forward) until
   * the returned function is called; true stops it, and the remote says why itself. Optional: a shell older than
   * this seam does not offer it (call it as `host.guardNavigation?.(…)`).
   */
  guardNavigation?(shouldStop: (to: NavigationTarget) => boolean): () => void;
  /** Posts to /api/track-event; never throws, failures are only logged. */
  track(eventType: string, metadata?: Record<string, unknown>): void;
}
