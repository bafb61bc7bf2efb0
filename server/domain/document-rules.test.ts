import { describe, expect, it } from 'vitest';
import { contentMatchesExtension, contentTypeOf, documentProblem, notDeletedMessage } from './document-rules';

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);
const MZ = bytes(0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

describe('document rules', () => {
  it('DOC-008 only the listed extensions pass, in any case', () => {
    for (const name of [
      'a.doc',
      'a.TXT',
      'a.xls',
      'a.pdf',
      'a.xlsx',
      'a.docx',
      'a.jpg',
      'a.jpeg',
      'a.gif',
      'a.png',
      'a.pptx',
      'a.zip',
      'a.rar',
      'a.msg',
      'a.xlsm',
      'a.ai',
      'a.ppt',
    ]) {
      expect(documentProblem(name), name).toBeUndefined();
    }
    for (const name of ['a.exe', 'a.bmp', 'a', 'a.pdf.js', 'pdf']) expect(documentProblem(name), name).toBe('Invalid File Extension.');
  });

  it('DOC-009 over 78643200 bytes is refused; exactly 75 MB passes', () => {
    expect(documentProblem('a.pdf', 78_643_200)).toBeUndefined();
    expect(documentProblem('a.pdf', 78_643_201)).toBe('File size is limited to 75 MB.');
  });

  it('DOC-010 names of 175 characters pass, 176 do not', () => {
    expect(documentProblem(`${'a'.repeat(171)}.pdf`)).toBeUndefined();
    expect(documentProblem(`${'a'.repeat(172)}.pdf`)).toBe('File name is over 175 characters, please rename your file and try again.');
  });

  it('DOC-017 the partial delete message names the counts', () => {
    expect(notDeletedMessage(2, 5)).toBe('2/5 Document(s) were not successfully deleted');
  });

  it('DOC-008 the content must be what the extension promises', () => {
    expect(contentMatchesExtension('a.pdf', text('%PDF-1.7\n'))).toBe(true);
    expect(contentMatchesExtension('a.ai', text('%!PS-Adobe-3.0'))).toBe(true);
    expect(contentMatchesExtension('a.docx', ZIP)).toBe(true);
    expect(contentMatchesExtension('a.xls', OLE)).toBe(true);
    expect(contentMatchesExtension('a.msg', OLE)).toBe(true);
    expect(contentMatchesExtension('a.rar', text('Rar!\x1a\x07\x01\x00'))).toBe(true);
    expect(contentMatchesExtension('a.txt', text('Größe 42\r\n\tnext'))).toBe(true);
    expect(contentMatchesExtension('a.png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(contentMatchesExtension('a.jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
  });

  it('DOC-008 a renamed executable, binary text or another format is refused', () => {
    for (const name of ['a.pdf', 'a.txt', 'a.docx', 'a.doc', 'a.zip', 'a.png']) expect(contentMatchesExtension(name, MZ), name).toBe(false);
    expect(contentMatchesExtension('a.txt', bytes(0x7f, 0x45, 0x4c, 0x46))).toBe(false);
    expect(contentMatchesExtension('a.txt', text('#!/bin/sh\n'))).toBe(false);
    expect(contentMatchesExtension('a.txt', bytes(0x41, 0, 0x42))).toBe(false);
    expect(contentMatchesExtension('a.docx', OLE)).toBe(false);
    expect(contentMatchesExtension('a.png', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(false);
  });

  it('downloads are served with the content type of the extension', () => {
    expect(contentTypeOf('A.PDF')).toBe('application/pdf');
    expect(contentTypeOf('a.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
  });
});
