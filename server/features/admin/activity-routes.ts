/** What a user touched (PREF-024, LOOKUP-039): last-used projects and the workflow event log (activity.ts). */
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { forbidden } from '../../core/http/errors';
import { ok } from '../../core/http/request';
import { dateParam } from './common';
import { lastViewedProjects, logDataChangedEvent, logLastUseProject, workflowEventLogs, workflowEvents } from './activity';

export function activityRoutes(r: ApiRouter) {
  r.post('/api/User/LogLastUseProject', SIGNED_IN, { body: 'last-use-project' }, async (c) => {
    const user = c.get('user');
    const b = c.get('body');
    if (b.UserId != null && b.UserId !== user.userId) throw forbidden('You can only log your own projects.');
    await logLastUseProject(c.get('ctx'), user, b.ProjectLevelId, b.ProjectId);
    return c.json(ok('Logged.'));
  });

  r.get('/api/User/GetLastViewedProjects', SIGNED_IN, async (c) => c.json(await lastViewedProjects(c.get('ctx'), c.get('user'))));

  r.post('/api/Workflow/LogDataChangedEvent', SIGNED_IN, { body: 'data-changed-event' }, async (c) => {
    const b = c.get('body');
    return c.json(ok('Logged.', await logDataChangedEvent(c.get('ctx'), c.get('user'), b.projLevel, b.projId)));
  });

  // The catalogue of workflow event kinds (PREF-010: what a profile's event assignment picks from).
  r.get('/api/Workflow/GetWorkflowEvents', SIGNED_IN, async (c) => c.json(await workflowEvents(c.get('ctx').db)));

  r.get('/api/Workflow/WFEventLogs', SIGNED_IN, { query: { StartDate: 'date', EndDate: 'date' } }, async (c) =>
    c.json(await workflowEventLogs(c.get('ctx'), c.get('user'), dateParam(c, 'StartDate') ?? null, dateParam(c, 'EndDate') ?? null)),
  );
}
