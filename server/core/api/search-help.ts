/**
 * Search-help (LOOKUP-001..039): one generic handler driven by the lookup registry. Lookups feed
 * every form, so any signed-in user may call them; what each answers is still limited to the
 * user's brands (every brand filter is checked, PERM-022) and, for factories, a factory user's
 * own factories (PERM-023).
 */
import { SIGNED_IN, type ApiRouter } from '../http/router';
import { asSeenBy } from '../search-help/visible';
import { badRequest } from '../http/errors';
import { queryParam } from '../http/request';
import { LOOKUPS, lookupEntry } from '../search-help/registry';
import { favoriteRows, searchLookup, type LookupSearch } from '../search-help/query';
import { favoriteConditions, removeFavorite, saveFavorite } from '../search-help/favorites';
import { describeRegistry } from '../search-help/describe';

function entryOf(name: unknown) {
  const entry = lookupEntry(String(name));
  if (!entry) throw badRequest(`'${String(name)}' is not a lookup.`, [{ Field: '/favoriteEntity', Message: 'Unknown lookup.' }]);
  return entry;
}

export function searchHelpRoutes(r: ApiRouter) {
  for (const entry of LOOKUPS) {
    r.post(`/api/SearchHelp/Search${entry.name}`, SIGNED_IN, { body: 'search-help' }, async (c) =>
      c.json(await searchLookup(c.get('ctx').db, c.get('user'), asSeenBy(c.get('ctx').schemas, c.get('user'), entry), c.get('body') as LookupSearch)),
    );

    const query = Object.fromEntries((entry.favoriteFilters ?? []).map((f) => [f.param, f.brand === 'brandId' ? 'id' : 'text'] as const));
    r.get(`/api/SearchHelp/Get${entry.name}Favorites`, SIGNED_IN, { query }, async (c) => {
      const { db } = c.get('ctx');
      const user = c.get('user');
      const conditions = await favoriteConditions(db, user, entry, (name) => queryParam(c, name));
      return c.json(await favoriteRows(db, user, asSeenBy(c.get('ctx').schemas, user, entry), conditions));
    });
  }

  // LOOKUP-008: the currency lookup is also a GET with its two filters in the query.
  const currencies = lookupEntry('Currencies')!;
  r.get('/api/SearchHelp/SearchCurrencies', SIGNED_IN, { query: { currencyKey: 'text', currencyName: 'text' } }, async (c) =>
    c.json(
      await searchLookup(c.get('ctx').db, c.get('user'), asSeenBy(c.get('ctx').schemas, c.get('user'), currencies), {
        searchParameters: { CurrencyKey: queryParam(c, 'currencyKey'), CurrencyName: queryParam(c, 'currencyName') },
      }),
    ),
  );

  r.post('/api/SearchHelp/SavePersonalFavorite', SIGNED_IN, { body: 'favorite' }, async (c) => {
    const body = c.get('body');
    const key = await saveFavorite(c.get('ctx').db, c.get('user'), entryOf(body.favoriteEntity), body.id);
    return c.json({ IsSuccessful: true, Message: 'Favorite saved.', Data: { Id: key } });
  });

  r.post('/api/SearchHelp/RemovePersonalFavorite', SIGNED_IN, { body: 'favorite' }, async (c) => {
    const body = c.get('body');
    const removed = await removeFavorite(c.get('ctx').db, c.get('user'), entryOf(body.favoriteEntity), body.id);
    return c.json({ IsSuccessful: true, Message: removed ? 'Favorite removed.' : 'The item was not a favorite.', Data: { Removed: removed } });
  });

  r.get('/api/SearchHelp/Registry', SIGNED_IN, (c) => c.json(describeRegistry(c.get('ctx').schemas, c.get('user'))));
}
