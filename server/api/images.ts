/** Images of every hierarchy level (DOC-018..023): create, delete and the entity's own calls. Reads, updates and history: server/api/hierarchy.ts. */
import type { ApiRouter } from '../http/router';

export function imageRoutes(_r: ApiRouter) {
  // Routes are added here.
}
