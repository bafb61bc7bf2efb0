/**
 * The pure rules of hierarchy documents (DOC-008..010, DOC-016/017), shared by the server and the
 * browser (which only shows them early): accepted extensions, the size limit, the file-name
 * length, the content type a download is served with, and whether a file's first bytes are what
 * its extension promises (a renamed executable is refused).
 */
import { extensionOf, formatOfExtension, sniffImageFormat } from './image-rules';

/** DOC-008 */
export const DOCUMENT_EXTENSIONS = [
  'doc',
  'txt',
  'xls',
  'pdf',
  'xlsx',
  'docx',
  'jpg',
  'jpeg',
  'gif',
  'png',
  'pptx',
  'zip',
  'rar',
  'msg',
  'xlsm',
  'ai',
  'ppt',
] as const;
export const INVALID_FILE_EXTENSION = 'Invalid File Extension.';
/** DOC-009: 75 MB. */
export const MAX_DOCUMENT_BYTES = 78_643_200;
export const FILE_TOO_LARGE = 'File size is limited to 75 MB.';
/** DOC-010 */
export const MAX_DOCUMENT_NAME_LENGTH = 175;
export const NAME_TOO_LONG = 'File name is over 175 characters, please rename your file and try again.';
/** DOC-016 */
export const UPLOAD_SUCCESS = 'Document(s) Uploaded Successfully';
export const UPLOAD_FAILURE = 'There was an error while uploading the document. Please contact system administrator.';
/** DOC-017: `failed` of `total` documents were not deleted. */
export const notDeletedMessage = (failed: number, total: number) => `${failed}/${total} Document(s) were not successfully deleted`;
/** Answers that the content does not match the extension (the spec gives no wording; the extension message is the closest). */
export const CONTENT_MISMATCH = 'The file content does not match its extension.';

/** What is wrong with a document's name or size (DOC-008..010), or undefined. */
export function documentProblem(fileName: string, size?: number): string | undefined {
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))) return INVALID_FILE_EXTENSION;
  if (fileName.length > MAX_DOCUMENT_NAME_LENGTH) return NAME_TOO_LONG;
  if (size !== undefined && size > MAX_DOCUMENT_BYTES) return FILE_TOO_LARGE;
  return undefined;
}

export const DOCUMENT_CONTENT_TYPES: Record<(typeof DOCUMENT_EXTENSIONS)[number], string> = {
  doc: 'application/msword',
  txt: 'text/plain; charset=utf-8',
  xls: 'application/vnd.ms-excel',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  msg: 'application/vnd.ms-outlook',
  xlsm: 'application/vnd.ms-excel.sheet.macroEnabled.12',
  ai: 'application/postscript',
  ppt: 'application/vnd.ms-powerpoint',
};

export const contentTypeOf = (fileName: string) =>
  DOCUMENT_CONTENT_TYPES[extensionOf(fileName) as keyof typeof DOCUMENT_CONTENT_TYPES] ?? 'application/octet-stream';

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

const PDF = ascii('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RAR = ascii('Rar!\x1a\x07');
const POSTSCRIPT = ascii('%!PS');
/** Executables and scripts that must never pass as a document. */
const EXECUTABLES = [ascii('MZ'), [0x7f, 0x45, 0x4c, 0x46], [0xcf, 0xfa, 0xed, 0xfe], [0xce, 0xfa, 0xed, 0xfe], [0xca, 0xfe, 0xba, 0xbe], ascii('#!')];

/** Plain text: no executable header and no NUL or other binary control bytes in the first bytes. */
const isText = (head: Uint8Array) => head.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x0c || b === 0x1b);

/** Whether a document's first bytes (at least 16) are what its extension promises. */
export function contentMatchesExtension(fileName: string, head: Uint8Array): boolean {
  if (EXECUTABLES.some((magic) => startsWith(head, magic))) return false;
  const ext = extensionOf(fileName);
  switch (ext) {
    case 'pdf':
      return startsWith(head, PDF);
    case 'ai':
      return startsWith(head, PDF) || startsWith(head, POSTSCRIPT);
    case 'docx':
    case 'xlsx':
    case 'xlsm':
    case 'pptx':
      return startsWith(head, ZIP);
    case 'zip':
      return startsWith(head, ZIP) || startsWith(head, EMPTY_ZIP);
    case 'doc':
    case 'xls':
    case 'ppt':
    case 'msg':
      return startsWith(head, OLE);
    case 'rar':
      return startsWith(head, RAR);
    case 'txt':
      return isText(head);
    default: {
      const expected = formatOfExtension(ext);
      return expected !== undefined && sniffImageFormat(head) === expected;
    }
  }
}
