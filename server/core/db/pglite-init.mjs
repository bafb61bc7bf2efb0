// Creates a new PGlite data directory (initdb) and exits. Run as a child process on first start:
// initdb's WebAssembly memory is then returned to the OS instead of staying in the server's RSS.
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create({ dataDir: process.argv[2] });
await db.close();
