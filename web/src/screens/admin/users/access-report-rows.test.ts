import { describe, expect, it } from 'vitest';
import { moduleColumns, NO_ROLE, reportRows, type AccessReport } from './access-report-rows';

const report: AccessReport = {
  Users: {
    TotalRecords: 2,
    TotalPageCount: 1,
    Results: [
      {
        UserId: 1,
        UserName: 'a@x',
        FirstName: 'Ann',
        LastName: 'Lee',
        IsActive: true,
        RoleName: 'Admin',
        Brands: [
          { BrandId: 1, BrandName: 'One' },
          { BrandId: 2, BrandName: 'Two' },
        ],
        ModulePermissions: [
          { ModuleId: 6, ActionId: 1 },
          { ModuleId: 6, ActionId: 2 },
        ],
      },
      {
        UserId: 2,
        UserName: 'b@x',
        FirstName: 'Bo',
        LastName: 'Ray',
        IsActive: false,
        RoleName: null,
        Brands: [{ BrandId: 2, BrandName: 'Two' }],
        ModulePermissions: [],
      },
    ],
  },
  AllBrands: [
    { BrandId: 1, BrandName: 'One' },
    { BrandId: 2, BrandName: 'Two' },
  ],
  AllModulePermissions: [
    { ModuleId: 6, ModuleName: 'Users', ActionId: 1, ActionName: 'read' },
    { ModuleId: 6, ModuleName: 'Users', ActionId: 2, ActionName: 'edit' },
    { ModuleId: 7, ModuleName: 'Roles', ActionId: 1, ActionName: 'read' },
  ],
};

describe('user access report rows (ADMIN-004/005)', () => {
  it('one column per module, named by the module', () => {
    expect(moduleColumns(report).map((c) => [c.field, c.title])).toEqual([
      ['Module6', 'Users'],
      ['Module7', 'Roles'],
    ]);
  });
  it('brands as All or names, the role or ADMIN-016 text, action initials per module', () => {
    const [a, b] = reportRows(report);
    expect(a).toMatchObject({ FullName: 'Ann Lee', Brands: 'All', RoleName: 'Admin', Module6: 'RE' });
    expect(a.Module7).toBeUndefined();
    expect(b).toMatchObject({ Brands: 'Two', RoleName: NO_ROLE, IsActive: false });
  });
});
