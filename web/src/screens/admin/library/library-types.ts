/**
 * The library types of /libraryEntries (ADMIN-025/026, DECISIONS ADMIN-024): how each is listed
 * (GET /api/Library/GetEntries?type), filtered (brand, season, developer role) and added.
 */
export interface AddField {
  name: string;
  label: string;
  kind?: 'text' | 'number' | 'check';
  required?: boolean;
}

export interface LibraryType {
  id: string;
  label: string;
  /** The `type` of GetEntries. */
  listType: string;
  brand?: boolean;
  season?: boolean;
  /** Library developer role id (ADMIN-026). */
  roleId?: number;
  /** The grid document listing this type (schemas/grids/library-*.grid.json). */
  gridId: string;
  key: string;
  addPath: string;
  addFields: AddField[];
  /** The add request from the dialog's values and the current brand/season. */
  request: (v: Record<string, string | boolean>, brandId: number, seasonId: number) => Record<string, unknown>;
  /** The name of the extend flag the add call takes (ADMIN-027/028). */
  extendFlag?: string;
}

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v.trim() : '');

const sole = (kind: 'Outsole' | 'Midsole'): LibraryType => ({
  id: kind,
  label: kind,
  listType: kind,
  brand: true,
  season: true,
  key: `${kind}Id`,
  gridId: `library-${kind.toLowerCase()}`,
  addPath: `/api/Library/Add${kind}`,
  extendFlag: 'ExtendBrand',
  addFields: [
    { name: 'Name', label: `${kind} name`, required: true },
    { name: 'Price', label: 'Price', kind: 'number', required: true },
  ],
  request: (v, brandId, seasonId) => ({ BrandId: brandId, SeasonId: seasonId, [`${kind}Name`]: str(v.Name), Price: Number(v.Price), ExtendBrand: false }),
});

/** ADMIN-026: people by role per brand. */
export const DEVELOPER_ROLES: [number, string][] = [
  [1, 'Designer'],
  [2, 'Developer'],
  [3, 'Sourcing Developer'],
  [4, 'Contract Designer'],
  [5, 'Colorist'],
];

const people = ([roleId, label]: [number, string]): LibraryType => ({
  id: `Developer${roleId}`,
  label,
  listType: 'Developer',
  brand: true,
  roleId,
  key: 'DeveloperId',
  gridId: 'library-developer',
  addPath: '/api/Library/AddDeveloper',
  addFields: [
    { name: 'firstName', label: 'First name', required: true },
    { name: 'lastName', label: 'Last name', required: true },
  ],
  request: (v, brandId) => ({ brandId, roleId, firstName: str(v.firstName), lastName: str(v.lastName) }),
});

export const LIBRARY_TYPES: LibraryType[] = [
  sole('Outsole'),
  sole('Midsole'),
  {
    id: 'Last',
    label: 'Last',
    listType: 'Last',
    brand: true,
    key: 'LastId',
    gridId: 'library-last',
    addPath: '/api/Library/AddLast',
    extendFlag: 'extend',
    addFields: [
      { name: 'lastName', label: 'Last name', required: true },
      { name: 'lastDesc', label: 'Description (default: brand + LAST)' },
    ],
    request: (v, brandId) => ({ brandId, lastName: str(v.lastName), lastDesc: str(v.lastDesc) || undefined, extend: false }),
  },
  {
    id: 'PatternDescription',
    label: 'Pattern Description',
    listType: 'PatternDescription',
    key: 'PatternDescriptionId',
    gridId: 'library-pattern-description',
    addPath: '/api/Library/AddPatternDescription',
    addFields: [{ name: 'PatternDesc', label: 'Description', required: true }],
    request: (v) => ({ PatternDesc: str(v.PatternDesc) }),
  },
  {
    id: 'PatternName',
    label: 'Pattern Name',
    listType: 'PatternName',
    key: 'PatternNameId',
    gridId: 'library-pattern-name',
    addPath: '/api/Library/AddPatternName',
    addFields: [
      { name: 'PatternName', label: 'Pattern name', required: true },
      { name: 'PatternDesc', label: 'Pattern description' },
    ],
    request: (v) => ({ PatternName: str(v.PatternName), PatternDesc: str(v.PatternDesc) || undefined }),
  },
  {
    id: 'Color',
    label: 'Color',
    listType: 'Color',
    key: 'BasicColorKey',
    gridId: 'library-color',
    addPath: '/api/Library/AddColor',
    addFields: [
      { name: 'ColorDesc', label: 'Color name', required: true },
      { name: 'NRFID', label: 'NRF id' },
    ],
    request: (v) => ({ ColorDesc: str(v.ColorDesc), NRFID: str(v.NRFID) || undefined }),
  },
  {
    id: 'CuttingPattern',
    label: 'Cutting Pattern',
    listType: 'CuttingPattern',
    key: 'CuttingPatternId',
    gridId: 'library-cutting-pattern',
    addPath: '/api/Library/AddCuttingPattern',
    addFields: [{ name: 'CuttingPattern', label: 'Cutting pattern', required: true }],
    request: (v) => ({ CuttingPattern: str(v.CuttingPattern) }),
  },
  {
    id: 'DevelopmentCenter',
    label: 'Development Center',
    listType: 'DevelopmentCenter',
    key: 'DevelopmentCenterId',
    gridId: 'library-development-center',
    addPath: '/api/Library/AddDevelopmentCenter',
    addFields: [
      { name: 'Key', label: 'Key', required: true },
      { name: 'Name', label: 'Name', required: true },
      { name: 'isActive', label: 'Active', kind: 'check' },
    ],
    request: (v) => ({ Key: str(v.Key), Name: str(v.Name), isActive: v.isActive !== false }),
  },
  ...DEVELOPER_ROLES.map(people),
];

export const typeById = (id: string) => LIBRARY_TYPES.find((t) => t.id === id) ?? LIBRARY_TYPES[0];

/** Missing required values, by field name. */
export function missing(t: LibraryType, v: Record<string, string | boolean>): string[] {
  return t.addFields
    .filter((f) => f.required && (f.kind === 'number' ? !(str(v[f.name]) && Number.isFinite(Number(v[f.name]))) : !str(v[f.name])))
    .map((f) => f.name);
}
