/** `npm run bench [name…]`: runs the benchmarks (all by default) and records them in bench/RESULTS.md. */
import { benchApiAuth } from './api-auth.bench';
import { benchCatalog } from './catalog.bench';
import { benchFlashEdit } from './flash-edit.bench';
import { benchForm } from './form.bench';
import { benchGrid } from './grid.bench';
import { benchGridSave } from './grid-save.bench';
import { benchImport } from './import.bench';
import { benchMixedLoad } from './mixed-load.bench';
import { benchRead } from './read.bench';
import { benchReport } from './report.bench';
import { benchSearch } from './search.bench';
import { benchFeed } from './feed.bench';

const BENCHES: Record<string, () => Promise<void>> = {
  'api-auth': benchApiAuth,
  grid: benchGrid,
  form: benchForm,
  'grid-save': benchGridSave,
  read: benchRead,
  'flash-edit': benchFlashEdit,
  import: benchImport,
  catalog: benchCatalog,
  search: benchSearch,
  report: benchReport,
  feed: benchFeed,
  'mixed-load': benchMixedLoad,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const [name, run] of Object.entries(BENCHES)) {
  if (wanted.length && !wanted.includes(name)) continue;
  console.log(`\n## ${name}`);
  await run();
}
