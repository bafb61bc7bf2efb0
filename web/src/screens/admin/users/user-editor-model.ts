/** The user editor's form state, its add-mode defaults (ADMIN-009) and the save request (ADMIN-015). */
export interface AdminUser {
  UserId: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  IsActive: boolean;
  EmailConfirmed: boolean;
  ChangePasswordRequired: boolean;
  NetworkId: string | null;
  Theme: number;
  IsFactoryUser: boolean;
  RoleId: number | null;
  RoleName?: string | null;
  Brands: { BrandId: number; BrandName: string }[];
  Factories: string[];
  RowVersion: number;
  LastLogin?: string | null;
  Created?: string | null;
  LastChanged?: string | null;
}

export interface UserForm {
  UserId: number;
  RowVersion: number;
  UserName: string;
  FirstName: string;
  LastName: string;
  NetworkId: string;
  IsActive: boolean;
  EmailConfirmed: boolean;
  ChangePasswordRequired: boolean;
  IsFactoryUser: boolean;
  RoleId: number;
  Brands: number[];
  Factories: string[];
  ResetPassword: boolean;
}

/** ADMIN-009: a new user is active, must change the password, and gets theme 0 (set by the server). */
export const NEW_USER: UserForm = {
  UserId: 0,
  RowVersion: 0,
  UserName: '',
  FirstName: '',
  LastName: '',
  NetworkId: '',
  IsActive: true,
  EmailConfirmed: true,
  ChangePasswordRequired: true,
  IsFactoryUser: false,
  RoleId: 0,
  Brands: [],
  Factories: [],
  ResetPassword: false,
};

export const formOf = (u: AdminUser): UserForm => ({
  UserId: u.UserId,
  RowVersion: u.RowVersion,
  UserName: u.UserName,
  FirstName: u.FirstName ?? '',
  LastName: u.LastName ?? '',
  NetworkId: u.NetworkId ?? '',
  IsActive: u.IsActive,
  EmailConfirmed: u.EmailConfirmed,
  ChangePasswordRequired: u.ChangePasswordRequired,
  IsFactoryUser: u.IsFactoryUser,
  RoleId: u.RoleId ?? 0,
  Brands: u.Brands.map((b) => b.BrandId),
  Factories: u.Factories,
  ResetPassword: false,
});

export const NO_BRAND = 'Please select at least one brand.';
export const SUBMISSION_ERRORS = 'Your submission contains error(s). Please correct the highlighted items below.';
export const nameInUse = (name: string) => `The username ${name} is in use!`;

/** Client-side checks before the save; the server repeats them. */
export function validateUser(f: UserForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.UserName.trim()) e.UserName = 'Required.';
  else if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(f.UserName.trim())) e.UserName = 'Enter an e-mail address.';
  if (!f.FirstName.trim()) e.FirstName = 'Required.';
  if (!f.LastName.trim()) e.LastName = 'Required.';
  if (!f.RoleId) e.RoleId = 'Required.';
  if (!f.Brands.length) e.Brands = NO_BRAND;
  return e;
}

export function saveRequest(f: UserForm) {
  const add = f.UserId <= 0;
  return {
    User: {
      ...(add ? {} : { UserId: f.UserId, RowVersion: f.RowVersion }),
      UserName: f.UserName.trim(),
      FirstName: f.FirstName.trim(),
      LastName: f.LastName.trim(),
      IsFactoryUser: f.IsFactoryUser,
    },
    UserBrands: f.Brands,
    UserFactories: f.IsFactoryUser ? f.Factories : [],
    RoleId: f.RoleId || null,
    IsActive: f.IsActive,
    EmailConfirmed: f.EmailConfirmed,
    ChangePasswordRequired: add ? true : f.ChangePasswordRequired,
    ResetPassword: !add && f.ResetPassword,
    networkId: f.NetworkId.trim() || null,
  };
}

/** The user as a record of the user entity (what the SchemaForm edits); a new user: ADMIN-009. */
export function recordOf(u: AdminUser | null): Record<string, unknown> {
  const f = u ? formOf(u) : NEW_USER;
  return {
    UserName: f.UserName,
    FirstName: f.FirstName,
    LastName: f.LastName,
    NetworkId: f.NetworkId || null,
    RoleId: f.RoleId || null,
    IsActive: f.IsActive,
    EmailConfirmed: f.EmailConfirmed,
    ChangePasswordRequired: f.ChangePasswordRequired,
    IsFactoryUser: f.IsFactoryUser,
    Brands: f.Brands,
    Factories: f.Factories,
    LastLogin: u?.LastLogin ?? undefined,
    Created: u?.Created ?? undefined,
  };
}

/** The form's data (and the ids of the loaded user) → the editor state the save request is built from. */
export function formOfRecord(d: Record<string, unknown>, user: { UserId: number; RowVersion: number } | null, resetPassword: boolean): UserForm {
  return {
    UserId: user?.UserId ?? 0,
    RowVersion: user?.RowVersion ?? 0,
    UserName: String(d.UserName ?? ''),
    FirstName: String(d.FirstName ?? ''),
    LastName: String(d.LastName ?? ''),
    NetworkId: String(d.NetworkId ?? ''),
    IsActive: !!d.IsActive,
    EmailConfirmed: !!d.EmailConfirmed,
    ChangePasswordRequired: !!d.ChangePasswordRequired,
    IsFactoryUser: !!d.IsFactoryUser,
    RoleId: Number(d.RoleId ?? 0) || 0,
    Brands: (d.Brands ?? []) as number[],
    Factories: (d.Factories ?? []) as string[],
    ResetPassword: resetPassword,
  };
}

/** The save request's error paths ('/User/UserName', '/UserBrands') → the form's fields. */
export function formErrors(errors: readonly { Field: string; Message: string }[]): { Field: string; Message: string }[] {
  const names: Record<string, string> = { UserBrands: 'Brands', UserFactories: 'Factories', networkId: 'NetworkId' };
  return errors.map((e) => {
    const parts = String(e.Field).split('/').filter(Boolean);
    const field = parts[0] === 'User' ? (parts[1] ?? '') : (parts[0] ?? '');
    return { Field: `/${names[field] ?? field}`, Message: e.Message };
  });
}
