/** Size ranges of a colorway and the user's size range presets (CW-067..073). */
import type { ApiRouter } from '../http/router';

export function sizeRangeRoutes(_r: ApiRouter) {
  // Routes are added here.
}
