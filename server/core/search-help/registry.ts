/**
 * The search-help registry (LOOKUP-005): one declarative entry per lookup entity. The generic
 * handler (server/core/api/search-help.ts) registers Search{name} and Get{name}Favorites for each, and
 * GET /api/SearchHelp/Registry describes them so the web lookup dialog is generic too.
 * Data is answered as stored: keys keep their leading zeros.
 */
import { flag, key, num, text, type LookupEntry } from './types';
import { characteristicEntries } from './characteristics';

const simple = (name: string, entity: string, table: string, keyField: string, descriptionField: string): LookupEntry => ({
  name,
  entity,
  from: table,
  keyField,
  descriptionField,
  columns: [key(keyField), text(descriptionField)],
});

/** One entry per sole type: offered per brand and season with a price (library, ADMIN-025). */
const sole = (kind: 'Outsole' | 'Midsole'): LookupEntry => ({
  name: `${kind}s`,
  entity: kind.toLowerCase(),
  from: `${kind.toLowerCase()}s s JOIN brands b ON b.brandid = s.brandid`,
  keyField: `${kind}Key`,
  descriptionField: `${kind}Name`,
  columns: [
    key(`${kind}Key`, `s.${kind.toLowerCase()}key`),
    text(`${kind}Name`, `s.${kind.toLowerCase()}name`),
    key('SAPBrandId', 'b.sapbrandid', 'SAP Brand'),
    num('BrandId', 's.brandid'),
    num('SeasonId', 's.seasonid'),
    num('Price', 's.price'),
  ],
  brandColumn: 's.brandid',
  favoriteFilters: [
    { param: 'brandId', column: 's.brandid', brand: 'brandId' },
    { param: 'sapBrandId', column: 'b.sapbrandid', brand: 'sapBrandId' },
  ],
});

export const LOOKUPS: LookupEntry[] = [
  {
    name: 'Factories',
    entity: 'factory',
    from: 'factories f JOIN countries c ON c.countrycode = f.countrycode JOIN factory_groups g ON g.factorygroupkey = f.factorygroupkey',
    keyField: 'FactoryKey',
    descriptionField: 'FactoryName',
    columns: [
      key('FactoryKey', 'f.factorykey'),
      text('FactoryName', 'f.factoryname'),
      text('Country', 'c.countryname'),
      key('CountryCode', 'f.countrycode'),
      key('FactoryGroupKey', 'f.factorygroupkey'),
      text('FactoryGroupName', 'g.factorygroupname'),
      num('FactoryId', 'f.factoryid'),
    ],
    factoryColumn: 'f.factorykey',
  },
  {
    name: 'PatternNames',
    entity: 'pattern-name',
    from: 'pattern_names',
    keyField: 'PatternNameKey',
    descriptionField: 'PatternName',
    columns: [key('PatternNameKey'), text('PatternName'), text('Description')],
  },
  ...characteristicEntries(),
  simple('Customers', 'customer', 'customers', 'CustomerKey', 'CustomerName'),
  sole('Midsole'),
  sole('Outsole'),
  simple('RetailChannels', 'retail-channel', 'retail_channels', 'RetailChannelKey', 'RetailChannelName'),
  {
    name: 'BasicMaterials',
    entity: 'basic-material',
    from: 'basic_materials',
    keyField: 'BasicMaterialName',
    descriptionField: 'BasicMaterialName',
    columns: [text('BasicMaterialName')],
  },
  simple('Collections', 'collection', 'collections', 'CollectionKey', 'CollectionName'),
  {
    name: 'BusinessSegments',
    entity: 'business-segment',
    from: 'business_segments',
    keyField: 'BusinessSegmentName',
    descriptionField: 'BusinessSegmentName',
    columns: [text('BusinessSegmentName')],
  },
  simple('Genders', 'gender', 'genders', 'GenderKey', 'GenderName'),
  {
    name: 'HTSDutys',
    entity: 'hts-duty',
    from: 'hts_duties',
    keyField: 'HTSKey',
    descriptionField: 'HTSStawn',
    columns: [key('HTSKey'), text('HTSStawn'), key('CountryOrigin'), key('CountryDestination'), num('Duty')],
    favoriteFilters: [
      { param: 'originCountry', column: 'countryorigin' },
      { param: 'destCountry', column: 'countrydestination' },
    ],
  },
  simple('ProductHierarchys', 'product-hierarchy', 'product_hierarchies', 'ProductHierarchyKey', 'ProductHierarchyName'),
  simple('Divisions', 'division', 'divisions', 'DivisionKey', 'DivisionName'),
  {
    name: 'BasicColors',
    entity: 'basic-color',
    from: 'basic_colors',
    keyField: 'BasicColorKey',
    descriptionField: 'BasicColorName',
    columns: [key('BasicColorKey'), text('BasicColorName'), key('NRFId'), text('NRFName')],
  },
  {
    // Pattern forms store the last by name, so the name is the key (one row per brand using it).
    name: 'Lasts',
    entity: 'last',
    from: 'lasts',
    keyField: 'LastName',
    descriptionField: 'LastDesc',
    columns: [num('LastId'), text('LastName'), text('LastDesc'), num('BrandId')],
    brandColumn: 'brandid',
    favoriteFilters: [{ param: 'brandId', column: 'brandid', brand: 'brandId' }],
  },
  simple('Constructions', 'construction', 'constructions', 'ConstructionKey', 'ConstructionDesc'),
  {
    name: 'CuttingPatterns',
    entity: 'cutting-pattern',
    from: 'cutting_patterns',
    keyField: 'CuttingPatternName',
    descriptionField: 'CuttingPatternName',
    columns: [text('CuttingPatternName')],
  },
  {
    name: 'UpperDescriptions',
    entity: 'upper-description',
    from: 'upper_descriptions',
    keyField: 'PictogramKey',
    descriptionField: 'UpperDesc',
    columns: [key('PictogramKey'), text('UpperDesc'), text('LiningDesc'), text('OutsoleDesc')],
  },
  {
    name: 'Membranes',
    entity: 'membrane',
    from: 'membranes',
    keyField: 'MembraneId',
    descriptionField: 'MembraneDesc',
    columns: [num('MembraneId'), text('MembraneDesc')],
  },
  {
    // Colorways store the grid's name (MatlGridNum), so the name is the key.
    name: 'MaterialGrids',
    entity: 'material-grid',
    from: 'material_grids',
    keyField: 'MaterialGridName',
    descriptionField: 'MaterialGridDesc',
    columns: [num('MaterialGridId'), key('MaterialGridName'), text('MaterialGridDesc')],
  },
  simple('FreightGroups', 'freight-group', 'freight_groups', 'FreightGroupKey', 'FreightGroupName'),
  {
    name: 'Qualitys',
    entity: 'quality-category',
    from: 'quality_categories',
    keyField: 'QualityCategoryKey',
    descriptionField: 'QualityCategoryName',
    columns: [key('QualityCategoryKey'), text('QualityCategoryName'), text('Enam'), num('Qcid')],
  },
  {
    name: 'Compounds',
    entity: 'compound',
    from: 'compounds',
    keyField: 'CompoundKey',
    descriptionField: 'CompoundDesc',
    columns: [num('CompoundId'), key('CompoundKey'), text('CompoundDesc')],
  },
  {
    name: 'ToeComponents',
    entity: 'toe-component',
    from: 'toe_components',
    keyField: 'Key',
    descriptionField: 'Desc',
    columns: [num('ToeComponentId'), key('Key', 'toecomponentkey'), text('Desc', 'toecomponentdesc')],
  },
  {
    name: 'PatternDescriptions',
    entity: 'pattern-description',
    from: 'pattern_descriptions',
    keyField: 'Description',
    descriptionField: 'Description',
    columns: [text('Description')],
  },
  simple('NrfColors', 'nrf-color', 'nrf_colors', 'NrfColorKey', 'NrfColorName'),
  {
    // LOOKUP-024: filtered by BrandId (body) and RoleId (search parameter); deleted people are inactive.
    name: 'Developers',
    entity: 'developer',
    from: 'developers',
    keyField: 'DeveloperId',
    descriptionField: 'LastName',
    columns: [num('DeveloperId'), text('FirstName'), text('LastName'), text('UserName'), num('RoleId', 'developerroleid', 'Role'), num('BrandId')],
    where: ['isactive'],
    brandColumn: 'brandid',
    favoriteFilters: [{ param: 'brandId', column: 'brandid', brand: 'brandId' }],
  },
  {
    name: 'DevelopmentCenters',
    entity: 'development-center',
    from: 'development_centers',
    keyField: 'DevelopmentCenterKey',
    descriptionField: 'DevelopmentCenterName',
    columns: [key('DevelopmentCenterKey'), text('DevelopmentCenterName'), num('DevelopmentCenterId'), flag('IsActive')],
  },
  {
    // LOOKUP-008: also answered by GET SearchCurrencies?currencyKey&currencyName.
    name: 'Currencies',
    entity: 'currency',
    from: 'currencies',
    keyField: 'CurrencyKey',
    descriptionField: 'CurrencyName',
    columns: [key('CurrencyKey'), text('CurrencyName'), key('CurrencySymbol'), key('CurrencySymbolUnicode')],
  },
];

const byName = new Map(LOOKUPS.map((e) => [e.name.toLowerCase(), e]));
/** The entry of a lookup name, matched case-insensitively (paths and favoriteEntity). */
export const lookupEntry = (name: string) => byName.get(name.toLowerCase());
