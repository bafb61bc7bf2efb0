/** Meta-schemas for the layout, grid and visibility documents (entities are checked by ajv itself). */
const fieldList = { type: 'array', items: { type: 'string', minLength: 1 } };
const permissionPair = { type: 'array', items: [{ type: 'string' }, { type: 'string' }], minItems: 2, maxItems: 2 };
/** One (module, action) pair, or a list of pairs of which any one suffices. */
const permissionRef = { anyOf: [permissionPair, { type: 'array', minItems: 1, items: permissionPair }] };

/** `moduleId` ties a layout to a module's field layout (PREF-017); a create form's layout has none. */
export const layoutMeta = {
  type: 'object',
  additionalProperties: false,
  required: ['entity', 'sections'],
  properties: {
    $schema: { type: 'string' },
    $comment: { type: 'string' },
    entity: { type: 'string' },
    moduleId: { type: 'integer' },
    sections: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'rows'],
        properties: {
          id: { type: 'string' },
          title: { type: 'string' },
          rows: { type: 'array', items: fieldList },
          /** A screen-supplied panel shown in the section below its fields (e.g. the spec log of a colorway). */
          panel: { type: 'string', minLength: 1 },
          /** The section starts closed (an accordion section). */
          collapsed: { type: 'boolean' },
        },
      },
    },
  },
};

export const gridMeta = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'entity', 'title', 'columns'],
  properties: {
    $schema: { type: 'string' },
    $comment: { type: 'string' },
    id: { type: 'string' },
    entity: { type: 'string' },
    title: { type: 'string' },
    columns: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field'],
        properties: { field: { type: 'string' }, width: { type: 'integer', minimum: 20 }, readOnly: { type: 'boolean' } },
      },
    },
    /** The first `frozen` columns are the key columns: kept first and frozen on the left (ADR 002). */
    frozen: { type: 'integer', minimum: 0 },
    /** Fields every row carries besides its columns, not shown (the keys of the screen a row opens). */
    keys: fieldList,
    read: permissionRef,
    edit: permissionRef,
    filters: {
      type: 'object',
      additionalProperties: false,
      properties: {
        text: fieldList,
        equals: fieldList,
        inactive: { type: 'string' },
      },
    },
    criteria: fieldList,
    views: { type: 'object', additionalProperties: fieldList, minProperties: 1 },
    defaultView: { type: 'string' },
    link: {
      type: 'object',
      additionalProperties: false,
      required: ['field', 'to'],
      properties: { field: { type: 'string' }, to: { enum: ['colorway', 'pattern'] } },
    },
    messages: {
      type: 'object',
      additionalProperties: false,
      properties: { loadError: { type: 'string' }, empty: { type: 'string' }, failedRow: { type: 'string' } },
    },
    report: { type: 'string' },
    /** The rows are a screen's own (OwnedGrid, ADR 029): no search, export or save of the grid under /api/Grid. */
    owned: { type: 'boolean' },
  },
};

/**
 * An Excel upload kind (schemas/imports, issue 13): which records a file's rows update, how a row
 * finds its record (`key`: the lookup fields, e.g. stock number and season), which columns it may
 * change (a grid's editable columns and/or `columns`), the header texts accepted besides each
 * field's title, who may upload, and the screen's own texts.
 */
export const importMeta = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'entity', 'title', 'queueName', 'key', 'upload'],
  properties: {
    $schema: { type: 'string' },
    $comment: { type: 'string' },
    id: { type: 'string' },
    entity: { type: 'string' },
    title: { type: 'string' },
    queueName: { type: 'string', minLength: 1 },
    grid: { type: 'string' },
    key: fieldList,
    columns: fieldList,
    headers: { type: 'object', additionalProperties: fieldList },
    byName: fieldList,
    screen: { type: 'boolean' },
    handler: { type: 'string' },
    allOrNothing: { type: 'boolean' },
    upload: permissionRef,
    messages: {
      type: 'object',
      additionalProperties: false,
      properties: { notExcel: { type: 'string' }, completed: { type: 'string' }, failed: { type: 'string' } },
    },
  },
};

export const visibilityMeta = {
  type: 'object',
  additionalProperties: false,
  required: ['entity', 'rules'],
  properties: {
    $schema: { type: 'string' },
    $comment: { type: 'string' },
    entity: { type: 'string' },
    module: { type: 'string' },
    rules: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'fields'],
        properties: {
          name: { type: 'string' },
          fields: fieldList,
          hiddenFromFactoryUsers: { type: 'boolean' },
          readOnlyForFactoryUsers: { type: 'boolean' },
          read: permissionRef,
          edit: permissionRef,
          $comment: { type: 'string' },
        },
      },
    },
  },
};
