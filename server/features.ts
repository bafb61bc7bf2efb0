/**
 * Every feature of the server, in one explicit list (ADR 029): the app registers their routes in
 * this order after the core's, and their hooks once per process. A new feature adds its folder
 * under server/features and one line here.
 */
import type { Feature } from './core/feature';
import { accountFeature } from './features/account';
import { adminFeature } from './features/admin';
import { hierarchyFeature } from './features/hierarchy';
import { flashEditFeature } from './features/flash-edit';
import { libraryFeature } from './features/library';
import { linePlansFeature } from './features/line-plans';
import { briefsFeature } from './features/briefs';
import { patternsFeature } from './features/patterns';
import { attachmentsFeature } from './features/attachments';
import { colorwaysFeature } from './features/colorways';
import { catalogFeature } from './features/catalog';
import { projectCreateFeature } from './features/project-create';
import { criticalPathsFeature } from './features/critical-paths';
import { buyReadyFeature } from './features/buy-ready';
import { corporateTemplateFeature } from './features/corporate-template';
import { calculatorsFeature } from './features/calculators';
import { transferChecklistsFeature } from './features/transfer-checklists';
import { quarterlyForecastFeature } from './features/quarterly-forecast';
import { carryoverFeature } from './features/carryover';

export const FEATURES: readonly Feature[] = [
  accountFeature,
  adminFeature,
  hierarchyFeature,
  flashEditFeature,
  libraryFeature,
  linePlansFeature,
  briefsFeature,
  patternsFeature,
  attachmentsFeature,
  colorwaysFeature,
  catalogFeature,
  projectCreateFeature,
  criticalPathsFeature,
  buyReadyFeature,
  corporateTemplateFeature,
  calculatorsFeature,
  transferChecklistsFeature,
  quarterlyForecastFeature,
  carryoverFeature,
];

let installed = false;

/** Hooks every feature's rules into the core (record hooks, import handlers); once per process. */
export function installFeatures() {
  if (installed) return;
  installed = true;
  for (const f of FEATURES) f.register?.();
}
