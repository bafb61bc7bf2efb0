/**
 * What a feature gives the core (ADR 029): its route modules, and the rules it hooks into the
 * core's extension points (record hooks, import handlers). Features are listed once, in
 * server/features.ts; the core never imports a feature.
 */
import type { ApiRouter } from './http/router';

export interface Feature {
  name: string;
  /** Route modules, registered in this order. */
  routes?: readonly ((r: ApiRouter) => void)[];
  /** Hooks the feature's rules into the core (onUpdate, registerImportHandler…); runs once per process. */
  register?: () => void;
}
