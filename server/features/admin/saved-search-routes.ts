/** Saved searches (PREF-014, DECISIONS SEARCH-023): always the caller's own (saved-searches.ts). */
import { SIGNED_IN, type ApiRouter } from '../../core/http/router';
import { badRequest } from '../../core/http/errors';
import { intParam, ok, queryParam } from '../../core/http/request';
import { deleteSearches, savedSearches, saveSearch } from './saved-searches';

export function savedSearchRoutes(r: ApiRouter) {
  r.get('/api/UserPreference/GetUserPreferenceSearch', SIGNED_IN, { query: { SearchType: 'id' } }, async (c) =>
    c.json(await savedSearches(c.get('ctx').db, c.get('user').userId, intParam(c, 'SearchType', 1))),
  );

  r.post('/api/UserPreference/UpdateUserPreferenceSearch', SIGNED_IN, { body: 'user-preference-search' }, async (c) =>
    c.json(await saveSearch(c.get('ctx'), c.get('user').userId, c.get('body'))),
  );

  // idList: comma-separated ids; ids of other users' preferences are simply not deleted.
  r.post('/api/UserPreference/DeleteUserPreferenceSearch', SIGNED_IN, { query: { idList: 'ids' } }, async (c) => {
    const raw = queryParam(c, 'idList') ?? String(c.get('body').idList ?? '');
    const ids = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!ids.length || ids.some((s) => !/^\d+$/.test(s)))
      throw badRequest('The idList must be comma-separated ids.', [{ Field: 'idList', Message: 'Must be ids separated by commas.' }]);
    const deleted = await deleteSearches(c.get('ctx').db, c.get('user').userId, ids.map(Number));
    return c.json(ok(`${deleted} saved search(es) deleted.`, { Deleted: deleted }));
  });
}
