/** /sizeRangePresets: the user's size range presets (CW-068 manage mode, CW-073). */
import { PageHeader } from '../../shell/PageHeader';
import { SizeRangeEditor } from '../../components/size-ranges/SizeRangeEditor';

export function SizeRangePresetsScreen() {
  return (
    <>
      <PageHeader title="Size Range Presets" />
      <SizeRangeEditor mode="manage" />
    </>
  );
}
