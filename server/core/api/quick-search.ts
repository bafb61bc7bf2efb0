/**
 * The nav bar's quick search (SHELL-007..012, DECISIONS SHELL-012, ADR 019):
 * `GET /api/Search/QuickSearch?text=&useDefaults=` answering `{ Prototypes, Patterns }`.
 * `text` is required, at least 2 characters once trimmed (else 400). `useDefaults`: true keeps the
 * search to the profile's default brand, season and division; false searches the user's whole
 * scope; absent, the profile's UseDefaultsInQuickSearch decides.
 */
import { anyOf, type ApiRouter } from '../http/router';
import { badRequest } from '../http/errors';
import { queryParam } from '../http/request';
import { profileDefaults, quickSearch, QUICK_SEARCH_MIN } from '../search/quick-search';
import { quickText } from '../search/quick-match';

export const QUICK_SEARCH_SHORT = `Type at least ${QUICK_SEARCH_MIN} characters to search.`;

const TRUE = /^(true|1|yes)$/i;

export function quickSearchRoutes(r: ApiRouter) {
  r.get('/api/Search/QuickSearch', anyOf(['colorway', 'read'], ['pattern', 'read']), { query: { text: 'text', useDefaults: 'bool' } }, async (c) => {
    const ctx = c.get('ctx');
    const user = c.get('user');
    const text = quickText(queryParam(c, 'text') ?? '');
    if (text.length < QUICK_SEARCH_MIN) throw badRequest(QUICK_SEARCH_SHORT, [{ Field: 'text', Message: QUICK_SEARCH_SHORT }]);
    const asked = queryParam(c, 'useDefaults');
    const profile = await profileDefaults(ctx, user);
    const use = asked === undefined || asked === '' ? profile.use : TRUE.test(asked);
    return c.json(await quickSearch(ctx, user, text, use ? profile : undefined));
  });
}
