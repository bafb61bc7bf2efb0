/**
 * The search-help registry (GET /api/SearchHelp/Registry) as the web uses it: one entry per
 * lookup entity with key and description fields, columns with titles, and filter parameters.
 * Field names are read in either casing (Name/name), so the dialog follows the server's answer.
 */
import { useCallback, useEffect, useRef } from 'react';
import useSWR from 'swr';

export interface LookupColumnInfo {
  field: string;
  title: string;
}

export interface LookupInfo {
  name: string;
  keyField: string;
  descriptionField: string;
  columns: LookupColumnInfo[];
  searchParameters: string[];
  searchPath: string;
  favoritesPath: string;
  brandFilter: boolean;
}

type Loose = Record<string, unknown>;
const pick = (o: Loose, name: string): unknown => o[name] ?? o[name[0].toUpperCase() + name.slice(1)] ?? o[name[0].toLowerCase() + name.slice(1)];

/** One registry entry in our shape. */
export function normaliseEntry(raw: Loose): LookupInfo {
  const name = String(pick(raw, 'name'));
  const keyField = String(pick(raw, 'keyField'));
  const descriptionField = String(pick(raw, 'descriptionField') ?? keyField);
  const columns = ((pick(raw, 'columns') as Loose[] | undefined) ?? []).map((c) => ({
    field: String(pick(c, 'field')),
    title: String(pick(c, 'title') ?? pick(c, 'field')),
  }));
  const params = (pick(raw, 'searchParameters') as unknown[] | undefined) ?? columns.map((c) => c.field);
  return {
    name,
    keyField,
    descriptionField,
    columns: columns.length
      ? columns
      : [
          { field: keyField, title: keyField },
          { field: descriptionField, title: descriptionField },
        ],
    searchParameters: params.map((p) => (typeof p === 'string' ? p : String(pick(p as Loose, 'field')))),
    searchPath: String(pick(raw, 'searchPath') ?? `/api/SearchHelp/Search${name}`),
    favoritesPath: String(pick(raw, 'favoritesPath') ?? `/api/SearchHelp/Get${name}Favorites`),
    brandFilter: !!pick(raw, 'brandFilter'),
  };
}

/** The registry answer (a list, or an object by name) → entries by name. */
export function normaliseRegistry(raw: unknown): Map<string, LookupInfo> {
  const list: Loose[] = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object'
      ? Object.entries(raw as Loose).map(([name, v]) => ({ name, ...(v as Loose) }))
      : [];
  return new Map(
    list.map((e) => {
      const n = normaliseEntry(e);
      return [n.name, n];
    }),
  );
}

/** The registry, loaded once per session. */
export function useLookupRegistry(enabled = true) {
  return useSWR(enabled ? '/api/SearchHelp/Registry' : null, { revalidateIfStale: false, revalidateOnReconnect: false });
}

/**
 * The registry entry of one lookup (undefined while loading or unknown); `loading` while the
 * registry has not come (neither an answer nor an error). `entry()` answers the entry once the
 * registry has come (undefined if it failed or does not name the lookup, or the caller unmounted),
 * for a key typed before it came: it is checked then, not taken unchecked.
 */
export function useLookup(name: string | undefined | null): {
  info?: LookupInfo;
  error?: unknown;
  loading: boolean;
  entry: () => Promise<LookupInfo | undefined>;
} {
  const { data, error } = useLookupRegistry(!!name);
  const map = useSWR(data ? ['lookup-registry-normalised', data] : null, () => normaliseRegistry(data), { revalidateIfStale: false }).data;
  const info = name ? map?.get(name) : undefined;
  const loading = !!name && !map && !error;
  const now = useRef({ info, loading, waiting: [] as (() => void)[] });
  now.current.info = info;
  now.current.loading = loading;
  useEffect(() => {
    if (!loading) for (const go of now.current.waiting.splice(0)) go();
  }, [loading]);
  // An unmounted caller's waits end (with no entry), so a save waiting on its check is not held forever.
  useEffect(
    () => () => {
      now.current.loading = false;
      now.current.info = undefined;
      for (const go of now.current.waiting.splice(0)) go();
    },
    [],
  );
  const entry = useCallback(async () => {
    const n = now.current;
    if (n.loading) await new Promise<void>((go) => n.waiting.push(go));
    return n.info;
  }, []);
  return { info, error, loading, entry };
}
