/** Briefs (BRIEF-001..023): create, delete and the entity's own calls. Reads, updates and history: server/api/hierarchy.ts. */
import type { ApiRouter } from '../http/router';

export function briefRoutes(_r: ApiRouter) {
  // Routes are added here.
}
