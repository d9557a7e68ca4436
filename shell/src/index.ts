// The styles are linked from the page's head (HtmlRspackPlugin), so a prerendered page paints styled before any script.
import './styles.css';
import { startEarlyRemoteLoad } from './features/remotes/utils/early-load';
import { nextTask } from '@atelier/federation/offline-remote';

// A remote's screen starts loading now, beside the shell's own chunks (features/remotes/utils/early-load.ts).
startEarlyRemoteLoad(window.location.pathname);

// An async boundary: shared modules (React, router, …) are negotiated with the remotes before any of them runs.
// In a task of its own: negotiating and asking for the chunks is as long again as evaluating this entry.
void nextTask().then(() => import('./bootstrap'));
