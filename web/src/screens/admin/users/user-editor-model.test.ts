import { describe, expect, it } from 'vitest';
import { NEW_USER, NO_BRAND, saveRequest, validateUser } from './user-editor-model';

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
    expect(saveRequest({ ...NEW_USER, UserId: 5, RowVersion: 2, IsFactoryUser: true, Factories: ['F1'] })).toMatchObject({ User: { UserId: 5, RowVersion: 2 }, UserFactories: ['F1'] });
  });
});
