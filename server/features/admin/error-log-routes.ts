/**
 * The error log screens (ADMIN-037..040): the list and one error (error-log.ts).
 * DECISIONS SHELL-019: open to module 6 read or module 18 read, the same rule as the shortcut.
 */
import { access, type ApiRouter } from '../../core/http/router';
import { ERROR_LOG } from '../../domain/access';
import { badRequest } from '../../core/http/errors';
import { intParam, queryParam } from '../../core/http/request';
import { dateParam } from './common';
import { ERROR_LIST_AMOUNTS, errorById, errorList } from './error-log';

const CAN_VIEW_ERRORS = access('users/read or systemMessages/read (DECISIONS SHELL-019)', ERROR_LOG);

export function errorLogRoutes(r: ApiRouter) {
  r.get(
    '/api/User/GetErrors',
    CAN_VIEW_ERRORS,
    { query: { ErrorListAmount: 'id', ErrorId: 'id', User: 'text', Message: 'text', StartDate: 'date', EndDate: 'date' } },
    async (c) => {
      const amount = intParam(c, 'ErrorListAmount', 100);
      if (!ERROR_LIST_AMOUNTS.includes(amount))
        throw badRequest('The list size must be 50, 100, 150 or 200.', [{ Field: 'ErrorListAmount', Message: 'Must be 50, 100, 150 or 200.' }]);
      return c.json(
        await errorList(c.get('ctx').db, {
          amount,
          errorId: intParam(c, 'ErrorId', 0),
          user: queryParam(c, 'User')?.trim(),
          message: queryParam(c, 'Message')?.trim(),
          start: dateParam(c, 'StartDate'),
          end: dateParam(c, 'EndDate'),
        }),
      );
    },
  );

  r.get('/api/User/GetError', CAN_VIEW_ERRORS, { query: { ErrorId: 'id' } }, async (c) => c.json(await errorById(c.get('ctx').db, intParam(c, 'ErrorId'))));
}
