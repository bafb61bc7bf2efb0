import { afterAll, describe, expect, it } from 'vitest';
import { checkZip, MAX_RATIO, MAX_UNPACKED, ZipProblem } from './zip-guard';
import { buildZip, removeTempFiles, tempFile } from './workbook-test-files';

afterAll(removeTempFiles);

const MiB = 1024 * 1024;

async function problem(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ZipProblem) return err.kind;
    throw err;
  }
  return 'none';
}

describe('zip bomb guard (issue 13: refuse when the uncompressed size passes a limit)', () => {
  it('FLASH-005: an ordinary zip passes and every entry is inflated once, chunk by chunk', async () => {
    const file = tempFile(
      'ok.zip',
      await buildZip([
        { name: 'a.xml', data: '<a/>'.repeat(1000) },
        { name: 'b.txt', data: 'hello' },
      ]),
    );
    const seen = new Map<string, number>();
    const entries = await checkZip(file, { visit: (name) => (chunk) => seen.set(name, (seen.get(name) ?? 0) + chunk.length) });
    expect(entries.map((e) => e.name)).toEqual(['a.xml', 'b.txt']);
    expect(Object.fromEntries(seen)).toEqual({ 'a.xml': 4000, 'b.txt': 5 });
    expect(MAX_UNPACKED).toBe(512 * MiB);
  });

  it('FLASH-005: a declared uncompressed total past the limit is refused before inflating', async () => {
    const file = tempFile('big.zip', await buildZip([{ name: 'a.xml', data: 'x', declaredSize: 2 * MiB }]));
    expect(await problem(checkZip(file, { maxUnpacked: MiB }))).toBe('too-large');
  });

  it('FLASH-005: an absurd compression ratio is refused', async () => {
    const zeros = function* () {
      for (let i = 0; i < 40; i++) yield '\0'.repeat(MiB);
    };
    const file = tempFile('ratio.zip', await buildZip([{ name: 'xl/worksheets/sheet1.xml', data: zeros() }]));
    expect(await problem(checkZip(file))).toBe('too-large');
    expect(MAX_RATIO).toBeLessThan(1000); // deflate's best is about 1032:1
  });

  it('FLASH-005: declared sizes are not trusted: the inflated bytes are counted and reading stops past the limit', async () => {
    const big = function* () {
      for (let i = 0; i < 8; i++) yield `<row>${String(i).repeat(50_000)}</row>`.repeat(10);
    };
    const file = tempFile('liar.zip', await buildZip([{ name: 'xl/worksheets/sheet1.xml', data: big(), declaredSize: 100 }]));
    let inflated = 0;
    expect(
      await problem(
        checkZip(file, {
          maxUnpacked: MiB,
          visit: () => (c) => {
            inflated += c.length;
          },
        }),
      ),
    ).toBe('too-large');
    expect(inflated).toBeLessThanOrEqual(MiB);
  });

  it('FLASH-005: bytes hidden between entries (that a sequential reader would find) make the zip invalid', async () => {
    const zip = await buildZip([
      { name: 'a.xml', data: '<a/>' },
      { name: 'b.xml', data: '<b/>' },
    ]);
    // Shift the second entry by inserting junk before it and fixing up the offsets of the central directory.
    const firstLength = 30 + 'a.xml'.length + zip.readUInt32LE(18);
    const junk = Buffer.from('PK\u0003\u0004 hidden entry');
    const patched = Buffer.concat([zip.subarray(0, firstLength), junk, zip.subarray(firstLength)]);
    const eocd = patched.length - 22;
    const cdOffset = patched.readUInt32LE(eocd + 16) + junk.length;
    patched.writeUInt32LE(cdOffset, eocd + 16);
    const second = cdOffset + 46 + 'a.xml'.length;
    patched.writeUInt32LE(patched.readUInt32LE(second + 42) + junk.length, second + 42);
    expect(await problem(checkZip(tempFile('gap.zip', patched)))).toBe('invalid');
  });

  it('FLASH-005: what is not a zip is invalid', async () => {
    expect(await problem(checkZip(tempFile('x.zip', 'PK\u0003\u0004 but nothing else')))).toBe('invalid');
  });
});
