/** ADMIN-041 / DECISIONS ADMIN-042 and PERM-026: migrations, for module users edit. */
import { perm, type ApiRouter } from '../../core/http/router';
import { completedMigrations, runMigrations } from '../../core/db/migrate';

export function migrationRoutes(r: ApiRouter) {
  r.get('/api/migrations/Completed', perm('users', 'edit'), async (c) => c.json(await completedMigrations(c.get('ctx').db)));

  r.post('/api/migrations/Run', perm('users', 'edit'), async (c) => {
    const applied = await runMigrations(c.get('ctx').db);
    return c.json({
      IsSuccessful: true,
      Message: applied.length ? `${applied.length} migration(s) applied.` : 'No pending migrations.',
      Applied: applied,
    });
  });
}
