// The entry of the PDF renderer's worker thread (pdf-in-worker.ts): registers tsx so the worker can
// run the TypeScript renderer (pdf-worker.ts), whatever started the server.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
