/** Documents of every hierarchy level (DOC-001..017): the entity's own calls. Reads, updates and history: server/api/hierarchy.ts. */
import type { ApiRouter } from '../http/router';

export function documentRoutes(_r: ApiRouter) {
  // Routes are added here.
}
