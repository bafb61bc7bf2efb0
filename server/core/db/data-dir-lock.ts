/**
 * One process at a time opens an embedded database's data directory. PGlite takes no lock of its
 * own: a second server (or a backup command) started on a folder a server already runs on would
 * open the same files with a second engine, and two engines writing one data directory corrupt it.
 *
 * The owner's process id is kept in `<dir>.lock`, beside the directory (not in it: a dump of the
 * directory must not carry it). A lock whose process is gone (a crash, a kill) is taken over; the
 * same process may open the directory again (the engine started again after it stopped, ADR 043).
 * Process ids are a machine's (one pid namespace): two containers sharing one volume are not told
 * apart, and must not share an embedded data directory (use PostgreSQL for several processes).
 */
import fs from 'node:fs';

/** Said when the data directory belongs to another live process. */
export const dataDirInUse = (dir: string, pid: number) =>
  `The embedded database in ${dir} is in use by another process (pid ${pid}): stop that server first, or give this one a DATA_DIR of its own.`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the data directory for this process (an error naming the owner when another live process has it); answers its release. */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  const me = String(process.pid);
  try {
    fs.writeFileSync(file, me, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) throw new Error(dataDirInUse(dir, owner));
    fs.writeFileSync(file, me);
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === me) fs.rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}
