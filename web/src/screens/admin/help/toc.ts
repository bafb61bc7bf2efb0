/**
 * SHELL-024: the patch notes' table of contents is generated from their headings. The notes are
 * a small Markdown subset (## and ### headings, - items, paragraphs), parsed into blocks here.
 */
export type Block = { kind: 'h2' | 'h3'; text: string; id: string } | { kind: 'li' | 'p'; text: string };

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function parseNotes(md: string): Block[] {
  const blocks: Block[] = [];
  const used = new Map<string, number>();
  for (const raw of md.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const h = /^(#{2,3})\s+(.*)$/.exec(line);
    if (h) {
      const base = slug(h[2]) || 'section';
      const n = used.get(base) ?? 0;
      used.set(base, n + 1);
      blocks.push({ kind: h[1].length === 2 ? 'h2' : 'h3', text: h[2], id: n ? `${base}-${n + 1}` : base });
    } else if (line.startsWith('- ')) blocks.push({ kind: 'li', text: line.slice(2) });
    else blocks.push({ kind: 'p', text: line });
  }
  return blocks;
}

export const tocOf = (blocks: Block[]) => blocks.filter((b): b is Extract<Block, { id: string }> => b.kind === 'h2' || b.kind === 'h3');
