// The styles are linked from the page's head (HtmlRspackPlugin), so a prerendered page paints styled before any script.
import './styles.css';
// An async boundary: shared modules (React, router, …) are negotiated with the remotes before any of them runs.
import('./bootstrap');
