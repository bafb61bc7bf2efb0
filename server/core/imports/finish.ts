/**
 * The end of an import's commit (ADR 018): the import marked Committed with its counts and the
 * uploader's mail (outbox) with the counts and a link to the job, in the commit's last transaction.
 */
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { ImportKind } from './kinds';
import type { Import } from './store';

export async function finishImport(ctx: AppContext, q: Queryable, imp: Import, kind: ImportKind, jobId: number, counts: Record<string, number>) {
  await q.query(`UPDATE imports SET status = 'Committed', counts = $2 WHERE importid = $1`, [imp.importid, JSON.stringify(counts)]);
  const [u] = await q.query<{ username: string; firstname: string }>('SELECT username, firstname FROM users WHERE userid = $1', [imp.createdby]);
  if (u?.username.includes('@')) {
    await ctx.jobs.enqueue(q, 'mail', {
      to: u.username,
      subject: `${kind.doc.queueName} finished: ${imp.filename}`,
      text:
        `Hello ${u.firstname},\n\nyour upload of ${imp.filename} (${kind.doc.queueName}) has finished.\n\n` +
        `Rows saved: ${counts.Saved}\nRows refused: ${counts.Failed + counts.Refused}\nUnknown rows: ${counts.Unknown}\nUnchanged rows: ${counts.Unchanged}\n\n` +
        `Details and the refused rows: ${ctx.config.publicUrl}/upload-queue/${jobId}\n`,
    });
  }
}
