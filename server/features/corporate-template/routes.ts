/**
 * Corporate template calls (TPL-007), gated by PERM-004 (module 2: 1 read to view, 2 edit to edit):
 * GET CurrentCorporateTemplateItems, POST CreateCorporateTemplate (the whole list, saved set-based in
 * one transaction), and the group list lookup. Rules: server/features/corporate-template/template.ts.
 */
import { access, perm, type ApiRouter } from '../../core/http/router';
import { CORPORATE_TEMPLATE_VIEW } from '../../domain/access';
import { currentTemplateItems, saveTemplate, templateGroups, type TemplateItemInput } from './template';

/** PERM-004: viewing needs 2/1; an editor (2/2) sees what they edit. */
const VIEW = access('corporate template view (PERM-004)', CORPORATE_TEMPLATE_VIEW);

export function corporateTemplateRoutes(r: ApiRouter) {
  r.get('/api/CorporateTemplate/CurrentCorporateTemplateItems', VIEW, async (c) => c.json(await currentTemplateItems(c.get('ctx').db)));

  r.get('/api/CorporateTemplate/GetCorporateTemplateGroups', VIEW, async (c) => c.json(await templateGroups(c.get('ctx').db)));

  r.post('/api/CorporateTemplate/CreateCorporateTemplate', perm('corporateTemplate', 'edit'), { body: 'corporate-template-save' }, async (c) => {
    const { Items } = c.get('body') as { Items: TemplateItemInput[] };
    const saved = await saveTemplate(c.get('ctx'), c.get('user'), Items);
    return c.json({
      IsSuccessful: true,
      Message: 'Record Saved Successfully.',
      Added: saved.added,
      Changed: saved.changed,
      Removed: saved.removed,
      Items: saved.Items,
    });
  });
}
