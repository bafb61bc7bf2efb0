/**
 * Library entries (ADMIN-023..036). DECISIONS PERM-026: any module-9 permission to view, 9/2 or
 * 9/3 to change. Paths follow the specification's style (`/api/Library/AddOutsole`); answers are
 * `{ IsSuccessful, Message, Data }` (ADMIN-035) and every write is one audited transaction.
 */
import type { SessionUser } from '../../core/auth/permissions';
import type { Queryable } from '../../core/db/client';
import { access, type ApiRouter } from '../../core/http/router';
import { LIBRARY_CHANGE, LIBRARY_VIEW } from '../../domain/access';
import { intParam, queryParam } from '../../core/http/request';
import { badRequest } from '../../core/http/errors';
import { listEntries } from './entry-types';
import { addSole, type SoleKind } from './sole';
import { addLast, lastExists, type LastRequest } from './last';
import {
  addColor,
  addCuttingPattern,
  addDeveloper,
  addDevelopmentCenter,
  addPatternDescription,
  addPatternName,
  deleteDevelopers,
  updateDevelopmentCenter,
  type CenterRequest,
  type DeveloperRequest,
} from './entries';

const VIEW = access('any libraries permission (PERM-026)', LIBRARY_VIEW);
const CHANGE = access('libraries edit or create (PERM-026)', LIBRARY_CHANGE);

/** A body the guard has already validated against the route's request schema. */
type Body = Record<string, any>;

const optionalInt = (raw: string | undefined, name: string) => {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw badRequest(`The parameter ${name} must be a whole number.`, [{ Field: name, Message: 'Must be a whole number.' }]);
  return Number(raw);
};

export function libraryRoutes(r: ApiRouter) {
  r.get(
    '/api/Library/GetEntries',
    VIEW,
    { query: { type: 'text', brandId: 'id', seasonId: 'id', roleId: 'id', pageNumber: 'id', pageSize: 'id' } },
    async (c) =>
      c.json(
        await listEntries(c.get('ctx'), c.get('ctx').db, c.get('user'), {
          type: queryParam(c, 'type') ?? '',
          brandId: optionalInt(queryParam(c, 'brandId'), 'brandId'),
          seasonId: optionalInt(queryParam(c, 'seasonId'), 'seasonId'),
          roleId: optionalInt(queryParam(c, 'roleId'), 'roleId'),
          pageNumber: Math.max(1, intParam(c, 'pageNumber', 1)),
          pageSize: Math.min(9999, Math.max(1, intParam(c, 'pageSize', 50))),
        }),
      ),
  );

  r.get('/api/Library/LastExists', VIEW, { brandParam: 'brandId', query: { lastName: 'text', brandId: 'id' } }, async (c) => {
    const name = queryParam(c, 'lastName');
    if (!name) throw badRequest('The parameter lastName is required.', [{ Field: 'lastName', Message: 'Required.' }]);
    return c.json(await lastExists(c.get('ctx').db, name, intParam(c, 'brandId')));
  });

  // One route per sole kind; both run the same rule (ADMIN-028).
  for (const kind of ['Outsole', 'Midsole'] as SoleKind[]) {
    r.post(`/api/Library/Add${kind}`, CHANGE, { body: `library-${kind.toLowerCase()}` }, async (c) => {
      const b = c.get('body') as Body;
      return c.json(
        await c.get('ctx').db.tx((q) =>
          addSole(q, c.get('user'), kind, {
            BrandId: b.BrandId,
            Name: b[`${kind}Name`],
            SeasonId: b.SeasonId,
            Price: b.Price,
            ExtendBrand: b.ExtendBrand,
          }),
        ),
      );
    });
  }

  const write = (path: string, body: string, run: (q: Queryable, user: SessionUser, b: Body) => Promise<unknown>) =>
    r.post(path, CHANGE, { body }, async (c) => c.json(await c.get('ctx').db.tx((q) => run(q, c.get('user'), c.get('body') as Body))));

  write('/api/Library/AddLast', 'library-last', (q, u, b) => addLast(q, u, b as LastRequest));
  write('/api/Library/AddPatternDescription', 'library-pattern-description', (q, u, b) => addPatternDescription(q, u, b.PatternDesc));
  write('/api/Library/AddPatternName', 'library-pattern-name', (q, u, b) => addPatternName(q, u, b.PatternName, b.PatternDesc));
  write('/api/Library/AddColor', 'library-color', (q, u, b) => addColor(q, u, b.ColorDesc, b.NRFID));
  write('/api/Library/AddCuttingPattern', 'library-cutting-pattern', (q, u, b) => addCuttingPattern(q, u, b.CuttingPattern));
  write('/api/Library/AddDevelopmentCenter', 'library-development-center', (q, u, b) => addDevelopmentCenter(q, u, b as CenterRequest));
  write('/api/Library/UpdateDevelopmentCenter', 'library-development-center', (q, u, b) => updateDevelopmentCenter(q, u, b as CenterRequest));
  write('/api/Library/AddDeveloper', 'library-developer', (q, u, b) => addDeveloper(q, u, b as DeveloperRequest));
  write('/api/Library/DeleteDevelopers', 'library-developers-delete', (q, u, b) =>
    deleteDevelopers(q, u, b as { brandId: number; roleId: number; developerIds: number[] }),
  );
}
