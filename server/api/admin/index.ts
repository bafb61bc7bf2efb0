/** Administration calls: users, roles, system messages, error log, preferences and field layout, dashboard. */
import type { ApiRouter } from '../../http/router';

export function adminRoutes(r: ApiRouter) {
  void r;
}
