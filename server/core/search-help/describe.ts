/**
 * GET /api/SearchHelp/Registry: what the web lookup dialog needs to show any lookup generically —
 * paths, key and description fields, columns with their titles (from the entity schemas), which
 * columns filter and how, and the extra favourites parameters.
 */
import type { SessionUser } from '../auth/permissions';
import type { SchemaRegistry } from '../schemas/registry';
import { LOOKUPS } from './registry';
import { asSeenBy } from './visible';

const spaced = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2');

export function describeRegistry(schemas: SchemaRegistry, user: SessionUser) {
  return LOOKUPS.map((entry) => asSeenBy(schemas, user, entry)).map((e) => {
    const props = schemas.entities.get(e.entity)?.properties ?? {};
    return {
      Name: e.name,
      SearchPath: `/api/SearchHelp/Search${e.name}`,
      FavoritesPath: `/api/SearchHelp/Get${e.name}Favorites`,
      KeyField: e.keyField,
      DescriptionField: e.descriptionField,
      Columns: e.columns.map((c) => ({ Field: c.field, Title: c.title ?? props[c.field]?.title ?? spaced(c.field), Type: c.type, Match: c.match })),
      SearchParameters: e.columns.map((c) => c.field),
      BrandFilter: !!e.brandColumn,
      FavoriteParameters: (e.favoriteFilters ?? []).map((f) => f.param),
    };
  });
}
