/**
 * Colorway create/copy, delete, relink, factory transfer and dual source (CW-001..008, CW-024/025,
 * CW-055..059). Reads, updates and history: server/features/hierarchy/routes.ts and colorways.ts. Paths follow
 * DECISIONS "Paths not shown": /api/Prototype/{Verb}{Noun}; transfer and dual source are writes,
 * so they are POSTs under the names S2 gives them.
 */
import { intParam, queryParam } from '../../core/http/request';
import { perm, type ApiRouter } from '../../core/http/router';
import { createLists, createPrototype } from './prototype-create';
import { deletePrototype, dualSource, relinkList, relinkPrototype, transferFactory, type FactoryMove, type Relink } from './prototype-actions';
import { RELEASED_STATUSES } from '../../domain/statuses';
import { MSG, prototypeNameExists } from './prototype-rules';
import { searchRecords } from '../../core/records/search';
import type { SearchRequest } from '../../core/records/search-criteria';

const PATTERN_COLUMNS = [
  'PatternSeasonalId',
  'PatternId',
  'PatternName',
  'PatternDesc',
  'BrandId',
  'SeasonId',
  'SeasonName',
  'StatusId',
  'StatusName',
  'BriefSeasonalId',
  'BriefName',
  'ResponsibleName',
];

export function colorwayActionRoutes(r: ApiRouter) {
  // CW-004..008: a new colorway under a Released/Completed pattern, or a copy of CopySeasonalId.
  r.post('/api/Prototype/CreatePrototypeSeasonal', perm('colorway', 'create'), async (c) => {
    const created = await createPrototype(c.get('ctx'), c.get('user'), c.get('body'));
    return c.json({
      IsSuccessful: true,
      Message: MSG.created,
      Warning: created.Warning,
      Data: { PrototypeSeasonalId: created.PrototypeSeasonalId, PrototypeId: created.PrototypeId },
    });
  });

  // CW-047: a duplicate name is only a note.
  r.get(
    '/api/Prototype/IsPrototypeNameExists',
    perm('colorway', 'read'),
    { brandParam: 'BrandId', query: { BrandId: 'id', PrototypeName: 'text', PrototypeId: 'id' } },
    async (c) => {
      const exists = await prototypeNameExists(c.get('ctx').db, intParam(c, 'BrandId'), queryParam(c, 'PrototypeName') ?? '', intParam(c, 'PrototypeId', 0));
      return c.json({ Exists: exists, Message: exists ? MSG.nameDuplicate : null });
    },
  );

  // CW-002: the patterns a colorway may be created under (status 2, or the secondary status 3, of the brand and season).
  r.post('/api/Prototype/SearchPatternsForPrototype', perm('colorway', 'create'), { body: 'prototype-pattern-search', brandParam: 'BrandId' }, async (c) => {
    const body = c.get('body') as SearchRequest & { PatternName?: string };
    const [status, secondary] = RELEASED_STATUSES;
    return c.json(
      await searchRecords(
        c.get('ctx'),
        c.get('user'),
        'pattern',
        'PatternSeasonalId',
        { ...body, StatusId: status, StatusIdSecondary: secondary },
        PATTERN_COLUMNS,
        { text: { fields: ['PatternName'], value: body.PatternName ?? '' }, equals: {} },
      ),
    );
  });

  // CW-002 / CW-064: the create form's fixed lists (product types with their development type, divisions).
  r.get('/api/Prototype/GetCreateLists', perm('colorway', 'read'), async (c) => c.json(await createLists(c.get('ctx').db)));

  // CW-059: only a colorway seasonal in status 1, soft deleted.
  r.post('/api/Prototype/DeletePrototypeSeasonal', perm('colorway', 'delete'), { body: 'prototype-delete' }, async (c) => {
    await deletePrototype(c.get('ctx'), c.get('user'), (c.get('body') as { PrototypeSeasonalId: number }).PrototypeSeasonalId);
    return c.json({ IsSuccessful: true, Message: MSG.deleted });
  });

  // CW-055: whether the colorway may move and the patterns it may move to (for those who may relink).
  r.get('/api/Prototype/GetRelinkList', perm('colorway', 'edit'), { query: { PrototypeSeasonalId: 'id' } }, async (c) =>
    c.json(await relinkList(c.get('ctx'), c.get('user'), intParam(c, 'PrototypeSeasonalId'))),
  );

  // CW-056: colorway id, new pattern id, old pattern id.
  r.post('/api/Prototype/RelinkPrototype', perm('colorway', 'edit'), { body: 'prototype-relink' }, async (c) => {
    await relinkPrototype(c.get('ctx'), c.get('user'), c.get('body') as Relink);
    return c.json({ IsSuccessful: true, Message: MSG.relinked });
  });

  // CW-024, CW-057: answer Result 0, Message, Data (the seasonal id); TC-004: and the transfer checklist of the move.
  r.post('/api/Prototype/FactoryTransferUpdate', perm('colorway', 'edit'), { body: 'prototype-factory-move' }, async (c) => {
    const { id, checklistId } = await transferFactory(c.get('ctx'), c.get('user'), c.get('body') as FactoryMove);
    return c.json({ Result: 0, Message: MSG.transferred, Data: id, TransferChecklistId: checklistId });
  });

  // CW-025, CW-058: answer IsSuccessful, Message, Data (the new colorway seasonal at the other factory).
  r.post('/api/Prototype/DualSourceUpdate', perm('colorway', 'edit'), { body: 'prototype-factory-move' }, async (c) => {
    const id = await dualSource(c.get('ctx'), c.get('user'), c.get('body') as FactoryMove);
    return c.json({ IsSuccessful: true, Message: MSG.dualSourced, Data: { PrototypeSeasonalId: id } });
  });
}
