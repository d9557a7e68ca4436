// Async boundary: shared singletons (React, host, …) are negotiated before any of them is imported.
import('./bootstrap');
