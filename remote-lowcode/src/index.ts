// Async boundary before the standalone app boots (federation.md).
import('./bootstrap');
