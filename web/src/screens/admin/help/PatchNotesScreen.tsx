/** /patchNotes (SHELL-024): release notes with a table of contents generated from their headings. */
import { PageHeader } from '../../../shell/PageHeader';
import { PATCH_NOTES } from './patch-notes';
import { parseNotes, tocOf, type Block } from './toc';
import '../common/admin.css';

function renderBlocks(blocks: Block[]) {
  const out: React.ReactNode[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length)
      out.push(
        <ul key={`ul${out.length}`}>
          {items.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the items of a static text, shown once as they are written
            <li key={i}>{t}</li>
          ))}
        </ul>,
      );
    items = [];
  };
  for (const b of blocks) {
    if (b.kind === 'li') {
      items.push(b.text);
      continue;
    }
    flush();
    if (b.kind === 'h2')
      out.push(
        <h2 key={b.id} id={b.id}>
          {b.text}
        </h2>,
      );
    else if (b.kind === 'h3')
      out.push(
        <h3 key={b.id} id={b.id}>
          {b.text}
        </h3>,
      );
    else out.push(<p key={`p${out.length}`}>{b.text}</p>);
  }
  flush();
  return out;
}

export function PatchNotesScreen() {
  const blocks = parseNotes(PATCH_NOTES);
  const toc = tocOf(blocks);
  return (
    <>
      <PageHeader title="Patch Notes" subtitle="What changed in each release." />
      <div className="admin-editor">
        <nav className="card" aria-label="Contents" style={{ padding: 16, position: 'sticky', top: 8 }}>
          <h2 className="card__title">Contents</h2>
          <ul style={{ margin: 0, paddingLeft: 16 }}>
            {toc.map((t) => (
              <li key={t.id} style={{ marginLeft: t.kind === 'h3' ? 12 : 0, listStyle: t.kind === 'h3' ? 'circle' : 'disc' }}>
                <a href={`#${t.id}`}>{t.text}</a>
              </li>
            ))}
          </ul>
        </nav>
        <article className="card doc" style={{ padding: 16 }}>
          {renderBlocks(blocks)}
        </article>
      </div>
    </>
  );
}
