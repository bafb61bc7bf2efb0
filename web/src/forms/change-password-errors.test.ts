import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { changePasswordErrors } from './change-password-errors';

describe('changePasswordErrors', () => {
  it("AUTH-033 'Incorrect password.' is shown as 'Current password is incorrect.'", () => {
    const withField = changePasswordErrors(
      new ApiError(400, { IsSuccessful: false, Message: 'x', Errors: [{ Field: '/OldPassword', Message: 'Incorrect password.' }] }),
    );
    expect(withField.fields.OldPassword).toBe('Current password is incorrect.');
    const noField = changePasswordErrors(new ApiError(400, { IsSuccessful: false, Message: 'Incorrect password.', Errors: [] }));
    expect(noField).toEqual({ fields: { OldPassword: 'Current password is incorrect.' }, general: [] });
  });

  it('AUTH-035 other server messages are shown as they come', () => {
    const e = changePasswordErrors(
      new ApiError(400, {
        IsSuccessful: false,
        Errors: [
          { Field: 'model.NewPassword', Message: 'This password is too common. Please choose another one.' },
          { Field: '', Message: 'Something else' },
        ],
      }),
    );
    expect(e.fields).toEqual({ NewPassword: 'This password is too common. Please choose another one.' });
    expect(e.general).toEqual(['Something else']);
  });

  it("AUTH-035 with no server message: 'Server Error. Please contact your system administrator'", () => {
    expect(changePasswordErrors(new ApiError(500, null)).general).toEqual(['Server Error. Please contact your system administrator']);
    expect(changePasswordErrors(new ApiError(0, null, true)).general).toEqual(['Server Error. Please contact your system administrator']);
  });
});
