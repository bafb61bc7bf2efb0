/**
 * The upload kinds (schemas/imports/*.import.json, issue 13): from a kind's document, the columns a
 * file may carry (its key fields first, then the fields it may change: the grid's editable columns
 * and the document's own), the header texts each is found by (its title, its name, the document's
 * aliases: the export's headers round-trip) and the type its cells are read as. A file may also
 * carry the record's key (the last column of every grid export, issue 27): a row without its
 * business key is found by it.
 */
import type { SessionUser } from '../auth/permissions';
import type { AppContext } from '../context';
import type { EntitySchema, ImportDoc, PropertySchema } from '../schemas/documents';
import { holds } from '../schemas/visibility';
import { forbidden, notFound } from '../http/errors';
import { propertySheetKind } from '../../domain/sheet-style';
import { recordKey } from '../records/columns';
import { referenceOf } from '../records/references';
import type { ColumnType, ImportColumn } from './workbook';

export const NOT_EXCEL = 'Please upload an Excel file (.xls or .xlsx)';
/** The queue of the dry runs (the commits run in each kind's own queue, its `queueName`). */
export const PREVIEW_QUEUE = 'Upload Preview';

export interface ImportKind {
  doc: ImportDoc;
  schema: EntitySchema;
  keyField: string;
  /** The key fields (find the record) followed by the fields the upload may change, then the record's key (optional in a file). */
  columns: ImportColumn[];
  editable: string[];
  /** The screen whose texts refused rows carry (the grid id), as a grid save's. */
  screen?: string;
}

function columnType(p: PropertySchema): ColumnType {
  // A reference is written in a file by its name (the export's), looked up when the row is read.
  if (referenceOf(p)) return 'text';
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  if (t === 'boolean') return 'boolean';
  const kind = propertySheetKind(p);
  if (kind === 'date' || kind === 'datetime') return 'date';
  if (kind === 'integer') return 'integer';
  return kind === 'money' || kind === 'numeric' ? 'number' : 'text';
}

export function importKind(ctx: AppContext, id: string): ImportKind {
  const doc = ctx.schemas.imports.get(id);
  if (!doc) throw notFound('No such upload.');
  const schema = ctx.schemas.entities.get(doc.entity)!;
  const grid = doc.grid ? ctx.schemas.grids.get(doc.grid) : undefined;
  const editable = [...new Set([...(grid?.columns.filter((c) => !c.readOnly).map((c) => c.field) ?? []), ...(doc.columns ?? [])])].filter(
    (f) => !doc.key.includes(f),
  );
  const columns = [...doc.key, ...editable].map((field) => {
    const p = schema.properties[field];
    return {
      field,
      type: doc.key.includes(field) || doc.byName?.includes(field) ? ('text' as const) : columnType(p),
      headers: [...new Set([p.title ?? field, field, ...(doc.headers?.[field] ?? [])])],
    };
  });
  const keyField = recordKey(schema);
  // The export's key column: never changed; not for a screen's own import.
  const keyColumn: ImportColumn[] =
    doc.screen || doc.key.includes(keyField)
      ? []
      : [{ field: keyField, type: 'integer', headers: [...new Set([schema.properties[keyField]?.title ?? keyField, keyField])] }];
  return { doc, schema, keyField, columns: [...columns, ...keyColumn], editable, screen: grid?.id };
}

/** Whether the kind's upload is written all or nothing (a handler's, ADR 028, unless its document says otherwise). */
export const isAllOrNothing = (doc: ImportDoc) => !!doc.handler && doc.allOrNothing !== false;

/** The kind, when the user may upload it (403 otherwise). */
export function importKindFor(ctx: AppContext, user: SessionUser, id: string): ImportKind {
  const kind = importKind(ctx, id);
  if (kind.doc.screen) throw notFound('No such upload.');
  if (!holds(user, kind.doc.upload)) throw forbidden();
  return kind;
}
