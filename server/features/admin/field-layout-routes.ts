/** Field layout configuration (PREF-017..023, DECISIONS PREF-007): the effective layout and its save (field-layout.ts). */
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { badRequest } from '../../core/http/errors';
import { intParam, nested, ok } from '../../core/http/request';
import { subjectUserId } from './common';
import { effectiveLayout, saveFieldLayout } from './field-layout';

export function fieldLayoutRoutes(r: ApiRouter) {
  // DECISIONS PREF-007: one's own layout; another user's with module 6 read.
  r.get('/api/UserPreference/fields/getFieldConfiguration', SIGNED_IN, { query: { userId: 'id', moduleId: 'id' } }, async (c) =>
    c.json(await effectiveLayout(c.get('ctx'), c.get('user'), subjectUserId(c, 'userId'), intParam(c, 'moduleId'))),
  );

  r.post('/api/UserPreference/fields/updateFieldConfiguration/:moduleId', SIGNED_IN, { body: 'field-configuration', params: { moduleId: 'id' } }, async (c) => {
    const moduleId = Number(c.req.param('moduleId'));
    if (!Number.isInteger(moduleId)) throw badRequest('The module id must be a whole number.');
    const rows = (c.get('body').Fields as unknown[]).map((f) => nested(f, ['UserId', 'ModuleId', 'FieldId', 'Row', 'Hidden', 'Title']));
    const target = await saveFieldLayout(c.get('ctx'), c.get('user'), moduleId, rows);
    return c.json(ok('Field Profile Saved', { UserId: target, ModuleId: moduleId }));
  });
}
