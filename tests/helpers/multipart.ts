/**
 * Multipart uploads for the attachment tests (documents, images): a form of fields and one file, and
 * an upload whose file is produced on the fly in 1 MB chunks for the streamed size limits: nothing
 * of it is held in memory, and its `state` tells how much the server read, whether it stopped
 * reading (the stream cancelled) and whether it was sent to its end (closed).
 */
type Fields = Record<string, string | number | boolean>;

/** A multipart form of `fields` and, when given, the file as `file`. */
export function multipartForm(fields: Fields, file?: { name: string; bytes: Uint8Array }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  if (file) fd.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return fd;
}

interface StreamedFile {
  url: string;
  token: string;
  fields: Fields;
  fileName: string;
  contentType: string;
  /** The file's size in bytes, `first` included. */
  size: number;
  /** The file's first bytes (a PDF header); the rest is `fill`. */
  first?: Uint8Array;
  fill?: number;
}

/** A POST of `fields` and a generated file of `size` bytes, sent as the server reads it. */
export function streamedUpload({ url, token, fields, fileName, contentType, size, first, fill = 0x20 }: StreamedFile) {
  const boundary = 'streamedUploadBoundary';
  const enc = new TextEncoder();
  const part = ([name, value]: [string, unknown]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = enc.encode(
    `${Object.entries(fields).map(part).join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const chunk = new Uint8Array(1024 * 1024).fill(fill);
  const state = { sent: 0, cancelled: false, closed: false };
  const pending = [head, ...(first ? [first] : [])];
  const body = new ReadableStream<Uint8Array>(
    {
      pull(ctrl) {
        const next = pending.shift();
        if (next) {
          if (next !== head) state.sent += next.length;
          ctrl.enqueue(next);
          return;
        }
        if (state.sent >= size) {
          ctrl.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
          ctrl.close();
          state.closed = true;
          return;
        }
        const n = Math.min(chunk.length, size - state.sent);
        state.sent += n;
        ctrl.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const req = new Request(`http://localhost${url}`, {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  return { req, state };
}
