// The entry of the embedded database's worker thread (pglite-in-worker.ts): registers tsx so the
// worker can run the TypeScript engine host (pglite-worker.ts), whatever started the server.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
