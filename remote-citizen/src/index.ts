// Async boundary: shared singletons are negotiated before any app code runs (federation.md).
import('./bootstrap');
