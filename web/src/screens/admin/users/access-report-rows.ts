/**
 * The user access report (ADMIN-004/005) as grid rows: brands as text ('All' when the user has
 * every brand), a column per permission module holding the initials of the role's actions there.
 */
import type { GridColumn } from '../../../components/data-grid/columns';

export interface ReportUser {
  UserId: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  IsActive: boolean;
  RoleName: string | null;
  Brands: { BrandId: number; BrandName: string }[];
  ModulePermissions: { ModuleId: number; ActionId: number }[];
}
export interface AccessReport {
  Users: { Results: ReportUser[]; TotalRecords: number; TotalPageCount: number };
  AllBrands: { BrandId: number; BrandName: string }[];
  AllModulePermissions: { ModuleId: number; ModuleName: string; ActionId: number; ActionName: string }[];
}

/** ADMIN-016 */
export const NO_ROLE = 'No role assigned to this user';

const moduleField = (id: number) => `Module${id}`;

/** One read-only text column per module of the answer, titled with the module's name. */
export function moduleColumns(report: AccessReport): GridColumn[] {
  const modules = new Map(report.AllModulePermissions.map((p) => [p.ModuleId, p.ModuleName]));
  return [...modules].map(([id, name]) => ({
    field: moduleField(id),
    title: name,
    width: Math.max(60, Math.min(140, name.length * 8)),
    kind: 'text',
    readOnly: true,
    nullable: true,
  }));
}

export function reportRows(report: AccessReport): Record<string, unknown>[] {
  return report.Users.Results.map((u) => {
    const row: Record<string, unknown> = {
      UserId: u.UserId,
      UserName: u.UserName,
      FullName: `${u.FirstName} ${u.LastName}`.trim(),
      RoleName: u.RoleName ?? NO_ROLE,
      IsActive: u.IsActive,
      Brands: u.Brands.length && u.Brands.length === report.AllBrands.length ? 'All' : u.Brands.map((b) => b.BrandName).join(', '),
    };
    for (const p of report.AllModulePermissions) {
      if (!u.ModulePermissions.some((x) => x.ModuleId === p.ModuleId && x.ActionId === p.ActionId)) continue;
      row[moduleField(p.ModuleId)] = `${String(row[moduleField(p.ModuleId)] ?? '')}${p.ActionName[0].toUpperCase()}`;
    }
    return row;
  });
}
