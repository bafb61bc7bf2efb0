/** Types of the schema documents (formats in docs/decisions/002-schema-documents.md). */

export interface PropertySchema {
  type?: string | string[];
  title?: string;
  format?: string;
  maxLength?: number;
  'x-table'?: string;
  'x-column'?: string;
  'x-lookup'?: string;
  'x-computed'?: boolean;
  'x-money'?: boolean;
  [k: string]: unknown;
}

export interface EntitySchema {
  $id?: string;
  title?: string;
  type: 'object';
  properties: Record<string, PropertySchema>;
  required?: string[];
  'x-tables'?: Record<string, string>;
  'x-module'?: string;
  'x-brandField'?: string;
  'x-factoryField'?: string;
  [k: string]: unknown;
}

export type PermissionRef = [module: string, action: string];

export interface VisibilityRule {
  name: string;
  fields: string[];
  hiddenFromFactoryUsers?: boolean;
  readOnlyForFactoryUsers?: boolean;
  read?: PermissionRef;
  edit?: PermissionRef;
}

export interface VisibilityDoc { entity: string; module: string; rules: VisibilityRule[] }

export interface LayoutDoc {
  entity: string;
  moduleId: number;
  sections: { id: string; title: string; rows: string[][] }[];
}

export interface GridDoc {
  id: string;
  entity: string;
  title: string;
  columns: { field: string; width?: number; readOnly?: boolean }[];
}

export interface PermissionsDoc {
  actions: Record<string, number>;
  modules: Record<string, { id: number; name: string; actions: string[] }>;
}
