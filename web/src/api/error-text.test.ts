import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { errorText, serverMessages } from './error-text';

describe('serverMessages', () => {
  it('prefers the Errors list, then Message', () => {
    expect(
      serverMessages({
        IsSuccessful: false,
        Message: 'Failed',
        Errors: [
          { Field: 'A', Message: 'a' },
          { Field: null, Message: 'b' },
        ],
      }),
    ).toEqual(['a', 'b']);
    expect(serverMessages({ IsSuccessful: false, Message: 'Failed', Errors: [] })).toEqual(['Failed']);
    expect(serverMessages(null)).toEqual([]);
    expect(serverMessages(`<html>${'x'.repeat(400)}`)).toEqual([]);
  });

  it('falls back when the server says nothing', () => {
    expect(errorText(new ApiError(500, null), 'Please contact your System Administrator.')).toBe('Please contact your System Administrator.');
    expect(errorText(new ApiError(400, { Message: 'Nope' }), 'x')).toBe('Nope');
  });
});
