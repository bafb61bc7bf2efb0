/**
 * Every feature of the web app, once (issue 26): the shell derives the route table, the menus,
 * the breadcrumbs' list steps and the site map from these manifests (web/src/shell/manifest.ts).
 * Menu entries appear in this order within their menu, so a new screen is added to its feature's
 * manifest and, if it is a new feature, here.
 */
import type { FeatureManifest } from './shell/manifest';
import { authManifest } from './screens/auth/manifest';
import { linePlanManifest } from './screens/line-plans/manifest';
import { briefManifest } from './screens/briefs/manifest';
import { patternManifest } from './screens/patterns/manifest';
import { colorwayManifest } from './screens/colorways/manifest';
import { searchManifest } from './screens/search/manifest';
import { catalogManifest } from './screens/catalog/manifest';
import { projectCreateManifest } from './screens/project-create/manifest';
import { flashEditManifest } from './screens/flash-edit/manifest';
import { uploadQueueManifest } from './screens/upload-queue/manifest';
import { criticalPathManifest } from './screens/critical-paths/manifest';
import { sizeRangeManifest } from './screens/size-ranges/manifest';
import { carryoverManifest } from './screens/carryover/manifest';
import { transferChecklistManifest } from './screens/transfer-checklist/manifest';
import { corporateTemplateManifest } from './screens/corporate-template/manifest';
import { quarterlyForecastManifest } from './screens/quarterly-forecast/manifest';
import { adminManifest } from './screens/admin/manifest';
import { buyReadyManifest } from './screens/buy-ready/manifest';
import { calculatorManifest } from './screens/calculators/manifest';
import { migrationsManifest } from './screens/migrations/manifest';
import { accountManifest } from './screens/account/manifest';
import { gridManifest } from './screens/grid/manifest';
import { recordManifest } from './screens/record/manifest';
import { systemManifest } from './screens/system/manifest';

export const FEATURES: readonly FeatureManifest[] = [
  authManifest,
  linePlanManifest,
  briefManifest,
  patternManifest,
  colorwayManifest,
  searchManifest,
  catalogManifest,
  projectCreateManifest,
  flashEditManifest,
  uploadQueueManifest,
  criticalPathManifest,
  sizeRangeManifest,
  carryoverManifest,
  transferChecklistManifest,
  corporateTemplateManifest,
  quarterlyForecastManifest,
  adminManifest,
  buyReadyManifest,
  calculatorManifest,
  migrationsManifest,
  accountManifest,
  gridManifest,
  recordManifest,
  systemManifest,
];
