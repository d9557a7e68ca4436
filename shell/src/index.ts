// An async boundary: shared modules (React, router, …) are negotiated with the remotes before any of them runs.
import('./bootstrap');
