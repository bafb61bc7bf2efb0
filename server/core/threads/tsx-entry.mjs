// The entry of every worker thread running TypeScript (typescript-worker.ts): registers tsx, then
// loads the module the caller named (the last argument).
import { register } from 'tsx/esm/api';

register();
await import(process.argv[process.argv.length - 1]);
