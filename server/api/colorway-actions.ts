/** Colorway create/copy, delete, relink, factory transfer and dual source (CW-001..008, CW-052..066). */
import type { ApiRouter } from '../http/router';

export function colorwayActionRoutes(_r: ApiRouter) {
  // Routes are added here.
}
