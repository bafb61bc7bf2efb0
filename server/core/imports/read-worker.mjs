// The entry of the import reader's worker thread (read-in-worker.ts): registers tsx so the
// worker can run the TypeScript reader (read-worker.ts), whatever started the server.
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
