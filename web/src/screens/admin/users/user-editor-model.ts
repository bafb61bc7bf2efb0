/** The user editor's form state, its add-mode defaults (ADMIN-009) and the save request (ADMIN-015). */
export interface AdminUser {
  UserId: number; UserName: string; FirstName: string; LastName: string; IsActive: boolean; EmailConfirmed: boolean;
  ChangePasswordRequired: boolean; NetworkId: string | null; Theme: number; IsFactoryUser: boolean; RoleId: number | null;
  RoleName?: string | null; Brands: { BrandId: number; BrandName: string }[]; Factories: string[]; RowVersion: number;
  LastLogin?: string | null; Created?: string | null; LastChanged?: string | null;
}

export interface UserForm {
  UserId: number; RowVersion: number; UserName: string; FirstName: string; LastName: string; NetworkId: string;
  IsActive: boolean; EmailConfirmed: boolean; ChangePasswordRequired: boolean; IsFactoryUser: boolean;
  RoleId: number; Brands: number[]; Factories: string[]; ResetPassword: boolean;
}

/** ADMIN-009: a new user is active, must change the password, and gets theme 0 (set by the server). */
export const NEW_USER: UserForm = {
  UserId: 0, RowVersion: 0, UserName: '', FirstName: '', LastName: '', NetworkId: '', IsActive: true, EmailConfirmed: true,
  ChangePasswordRequired: true, IsFactoryUser: false, RoleId: 0, Brands: [], Factories: [], ResetPassword: false,
};

export const formOf = (u: AdminUser): UserForm => ({
  UserId: u.UserId, RowVersion: u.RowVersion, UserName: u.UserName, FirstName: u.FirstName ?? '', LastName: u.LastName ?? '',
  NetworkId: u.NetworkId ?? '', IsActive: u.IsActive, EmailConfirmed: u.EmailConfirmed, ChangePasswordRequired: u.ChangePasswordRequired,
  IsFactoryUser: u.IsFactoryUser, RoleId: u.RoleId ?? 0, Brands: u.Brands.map((b) => b.BrandId), Factories: u.Factories, ResetPassword: false,
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
    User: { ...(add ? {} : { UserId: f.UserId, RowVersion: f.RowVersion }), UserName: f.UserName.trim(), FirstName: f.FirstName.trim(),
      LastName: f.LastName.trim(), IsFactoryUser: f.IsFactoryUser },
    UserBrands: f.Brands, UserFactories: f.IsFactoryUser ? f.Factories : [], RoleId: f.RoleId || null,
    IsActive: f.IsActive, EmailConfirmed: f.EmailConfirmed, ChangePasswordRequired: add ? true : f.ChangePasswordRequired,
    ResetPassword: !add && f.ResetPassword, networkId: f.NetworkId.trim() || null,
  };
}
