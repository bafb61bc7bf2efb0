/**
 * The image of a hierarchy record (DOC-018..023): shows it, uploads a new one, deletes it.
 * Placeholder until the image work lands; the props are the contract.
 */
import type { HierarchyLevel } from './hierarchy';
import type { RecordData } from './use-hierarchy-record';

export interface ImagePanelProps {
  level: HierarchyLevel;
  /** The record; its key field gives the ProjectId. */
  record: RecordData;
  /** Image types offered (DOC-020: 1 product, 2 outsole); a pattern asks which. Default [1]. */
  imageTypes?: readonly (1 | 2)[];
  /** Upload and delete allowed. */
  canEdit: boolean;
  /** Called after an upload or delete (the screen reloads the record). */
  onChanged?: () => void;
}

export function ImagePanel(_props: ImagePanelProps) {
  return null;
}
