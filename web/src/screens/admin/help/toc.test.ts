import { describe, expect, it } from 'vitest';
import { parseNotes, tocOf } from './toc';

describe('patch notes table of contents (SHELL-024)', () => {
  it('SHELL-024: the contents list every heading with a unique anchor', () => {
    const toc = tocOf(parseNotes('## Release 1.2\n- item\n### Fixes\ntext\n## Release 1.1\n### Fixes'));
    expect(toc.map((t) => [t.kind, t.text, t.id])).toEqual([
      ['h2', 'Release 1.2', 'release-1-2'],
      ['h3', 'Fixes', 'fixes'],
      ['h2', 'Release 1.1', 'release-1-1'],
      ['h3', 'Fixes', 'fixes-2'],
    ]);
  });
});
