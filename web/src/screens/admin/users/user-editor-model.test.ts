import { describe, expect, it } from 'vitest';
import { formErrors, formOfRecord, NEW_USER, NO_BRAND, recordOf, saveRequest, validateUser } from './user-editor-model';

describe('user editor model', () => {
  it('ADMIN-009: a new user is active and must change the password', () => {
    expect(NEW_USER).toMatchObject({ IsActive: true, ChangePasswordRequired: true, UserId: 0 });
    expect(saveRequest({ ...NEW_USER, ChangePasswordRequired: false }).ChangePasswordRequired).toBe(true);
  });
  it('ADMIN-010: at least one brand', () => {
    expect(validateUser({ ...NEW_USER, UserName: 'a@b.co', FirstName: 'A', LastName: 'B', RoleId: 1 })).toEqual({ Brands: NO_BRAND });
    expect(validateUser({ ...NEW_USER, UserName: 'a@b.co', FirstName: 'A', LastName: 'B', RoleId: 1, Brands: [2] })).toEqual({});
  });
  it('ADMIN-015: factories go only with a factory user; add mode has no UserId', () => {
    const r = saveRequest({ ...NEW_USER, Factories: ['F1'], Brands: [1] });
    expect(r.UserFactories).toEqual([]);
    expect(r.User).not.toHaveProperty('UserId');
    expect(saveRequest({ ...NEW_USER, UserId: 5, RowVersion: 2, IsFactoryUser: true, Factories: ['F1'] })).toMatchObject({
      User: { UserId: 5, RowVersion: 2 },
      UserFactories: ['F1'],
    });
  });
});

describe('user editor record (SchemaForm)', () => {
  it('ADMIN-009 a new user record; the form data builds the same save request', () => {
    const r = recordOf(null);
    expect(r).toMatchObject({ IsActive: true, ChangePasswordRequired: true, Brands: [], RoleId: null });
    const req = saveRequest(formOfRecord({ ...r, UserName: ' a@b.co ', FirstName: 'A', LastName: 'B', RoleId: 2, Brands: [1] }, null, true));
    expect(req).toMatchObject({ User: { UserName: 'a@b.co' }, UserBrands: [1], RoleId: 2, ChangePasswordRequired: true, ResetPassword: false });
  });
  it('ADMIN-015 server error paths land on the form fields', () => {
    expect(
      formErrors([
        { Field: '/User/UserName', Message: 'x' },
        { Field: '/UserBrands', Message: 'y' },
        { Field: '/RoleId', Message: 'z' },
      ]),
    ).toEqual([
      { Field: '/UserName', Message: 'x' },
      { Field: '/Brands', Message: 'y' },
      { Field: '/RoleId', Message: 'z' },
    ]);
  });
});
