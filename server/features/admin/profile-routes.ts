/** The profile editor's calls (PREF-005..011, DECISIONS PREF-007); the rules and SQL are profile.ts's. */
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { intParam, nested, ok } from '../../core/http/request';
import { subjectUserId } from './common';
import { projectCreateDefaults, saveProfile, saveProjectCreateDefaults, workflowEventAssignment } from './profile';

export function profileRoutes(r: ApiRouter) {
  r.post('/api/User/UpdateUserProfile', SIGNED_IN, { body: 'user-profile' }, async (c) => {
    const b = c.get('body');
    const events = ((b.WFUserEvents ?? []) as unknown[]).map((e) => nested(e, ['WFGroupId', 'WFEventId']));
    await saveProfile(c.get('ctx').db, c.get('user'), b, events);
    return c.json(ok('Profile saved.'));
  });

  r.get('/api/User/GetWFEventAssignment', SIGNED_IN, { query: { UserId: 'id' } }, async (c) =>
    c.json(await workflowEventAssignment(c.get('ctx').db, subjectUserId(c))),
  );

  r.get('/api/User/GetProjectCreateDefaults', SIGNED_IN, { brandParam: 'brandId', query: { brandId: 'id' } }, async (c) =>
    c.json(await projectCreateDefaults(c.get('ctx').db, c.get('user').userId, intParam(c, 'brandId'))),
  );

  r.post('/api/User/SaveProjectCreateDefaults', SIGNED_IN, { body: 'project-create-defaults', brandParam: 'BrandId' }, async (c) => {
    const b = c.get('body');
    await saveProjectCreateDefaults(c.get('ctx').db, c.get('user').userId, b.BrandId, b.Defaults);
    return c.json(ok('Default values saved successfully!'));
  });
}
