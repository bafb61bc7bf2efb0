/** Colorways (CW-*): the entity's own calls. Reads, updates and history: server/api/hierarchy.ts. */
import type { ApiRouter } from '../http/router';

export function colorwayRoutes(_r: ApiRouter) {
  // Routes are added here.
}
