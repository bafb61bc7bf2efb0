/** Line plans (LP-001..033): create, delete and the entity's own calls. Reads, updates and history: server/api/hierarchy.ts. */
import type { ApiRouter } from '../http/router';

export function linePlanRoutes(_r: ApiRouter) {
  // Routes are added here.
}
