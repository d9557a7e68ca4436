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
}

export interface Host {
  /** SPEC §7 client: credentials included; throws Error("<status>: <text>") on any non-2xx. */
  apiRequest(method: string, url: string, body?: unknown): Promise<Response>;
  toast(options: ToastOptions): void;
  openLimitDialog(options: LimitDialogOptions): void;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Posts to /api/track-event; never throws, failures are only logged. */
  track(eventType: string, metadata?: Record<string, unknown>): void;
}
