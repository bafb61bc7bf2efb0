import { describe, expect, it } from 'vitest';
import { formatOfExtension, imageNameProblem, sniffImageFormat } from './image-rules';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe('image content by magic bytes', () => {
  it('DOC-018 recognises JPEG, PNG, GIF and BMP from their first bytes', () => {
    expect(sniffImageFormat(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
    expect(sniffImageFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
    expect(sniffImageFormat(text('GIF89a....'))).toBe('gif');
    expect(sniffImageFormat(text('GIF87a....'))).toBe('gif');
    expect(sniffImageFormat(text('BM6\0\0\0\0\0\0\0\x36\0\0\0'))).toBe('bmp');
  });

  it('DOC-018 anything else is no image: an executable, a script, a truncated header, an SVG', () => {
    for (const head of [
      text('MZ\x90\0\x03\0\0\0'),
      text('#!/bin/sh\nrm'),
      bytes(0x89, 0x50, 0x4e),
      text('<svg xmlns="http://www.w3.org/2000/svg">'),
      text('BM'),
      bytes(),
    ]) {
      expect(sniffImageFormat(head)).toBeUndefined();
    }
  });

  it('DOC-018 each accepted extension promises one format', () => {
    expect(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'tif'].map(formatOfExtension)).toEqual(['jpeg', 'jpeg', 'png', 'gif', 'bmp', undefined]);
  });

  it('DOC-018/019 the server accepts bmp; the extension is checked before the length', () => {
    expect(imageNameProblem('scan.BMP')).toBeUndefined();
    expect(imageNameProblem(`${'x'.repeat(200)}.exe`)).toBe('Invalid File Format');
  });
});
