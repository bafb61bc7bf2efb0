/**
 * Transfer checklists: the feature as the server registers it (server/features.ts), and what it
 * exports for other features, the only way in (dependency rules: .dependency-cruiser.cjs).
 */
import type { Feature } from '../../core/feature';
import { registerImportHandler } from '../../core/imports/handlers';
import { transferChecklistRoutes } from './routes';
import { transferChecklistImport } from './import';

export const transferChecklistsFeature: Feature = {
  name: 'transfer-checklists',
  routes: [transferChecklistRoutes],
  register: () => registerImportHandler('transfer-checklist', transferChecklistImport),
};

export { createChecklist } from './checklist-pair';
