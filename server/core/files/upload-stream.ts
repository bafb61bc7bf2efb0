/**
 * Receives one multipart/form-data upload as a stream (DESIGN "Files"): the form fields, and the
 * file written straight to a temp file, never held in memory. The size limit is enforced while
 * the bytes arrive: past it the request stops being read, the temp file is removed and the answer
 * is 413. `beforeFile` sees the fields sent before the file and the file's name, and may refuse
 * (throw) before a byte is written.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError, badRequest } from '../http/errors';
import { removeFiles, tempFile } from './storage';
import { TEXT_FAULT_MESSAGE } from '../http/params';
import { textFaults } from '../schemas/ajv';

export interface ReceivedFile {
  path: string;
  name: string;
  size: number;
}
export interface Upload {
  fields: Record<string, string>;
  file?: ReceivedFile;
}

export interface UploadOptions {
  dataDir: string;
  maxBytes: number;
  beforeFile?: (fields: Record<string, string>, fileName: string) => Promise<void> | void;
  /** The refusal of a file over the limit (default: a 413 naming the limit in MB). */
  tooLarge?: () => AppError;
}

const FORM_SLACK = 64 * 1024;
const MAX_FIELDS = 20;
const FIELD_SIZE = 4096;
export const tooLarge = (maxBytes: number) =>
  new AppError(413, 'payload_too_large', `The file is larger than the maximum of ${Math.round(maxBytes / 1024 / 1024)} MB.`);

const refuseLarge = (opts: UploadOptions) => opts.tooLarge?.() ?? tooLarge(opts.maxBytes);

export async function receiveUpload(req: Request, opts: UploadOptions): Promise<Upload> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type) || !req.body) throw badRequest('The upload must be sent as multipart/form-data.');
  if (Number(req.headers.get('content-length') ?? 0) > opts.maxBytes + FORM_SLACK) throw refuseLarge(opts);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      defParamCharset: 'utf8',
      limits: { files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1, fieldSize: FIELD_SIZE, fileSize: opts.maxBytes },
    });
  } catch {
    throw badRequest('The upload must be sent as multipart/form-data.');
  }
  const source = Readable.fromWeb(req.body as WebReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  const temps: string[] = [];
  let writing: Promise<ReceivedFile> | undefined;
  let incoming: Readable | undefined;
  let failure: unknown;

  const done = new Promise<void>((resolve, reject) => {
    const fail = (e: unknown) => {
      if (failure) return;
      failure = e;
      source.unpipe(parser);
      source.destroy();
      incoming?.destroy();
      reject(e);
    };
    // Limits refuse, rather than silently cut a value or drop fields the handler would then miss.
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        fail(
          badRequest(`The form field ${name.slice(0, 100)} is too long.`, [{ Field: `/${name.slice(0, 100)}`, Message: `At most ${FIELD_SIZE} characters.` }]),
        );
      else fields[name] = value;
    });
    parser.on('fieldsLimit', () => fail(badRequest(`The upload has more than ${MAX_FIELDS} form fields.`)));
    parser.on('partsLimit', () => fail(badRequest(`The upload has more than ${MAX_FIELDS + 1} parts.`)));
    const unreadable = (e: unknown) => badRequest(`The upload could not be read: ${(e as Error).message}`);
    parser.on('file', (_name, stream, info) => {
      // A body cut inside the file errors this stream ("Unexpected end of form"), possibly while
      // beforeFile still runs and nothing is piped yet: unheard, that error would end the process (issue 10).
      stream.on('error', (e) => fail(unreadable(e)));
      if (writing || failure) {
        stream.resume();
        return;
      }
      incoming = stream;
      stream.pause();
      stream.on('limit', () => fail(refuseLarge(opts)));
      writing = (async () => {
        await opts.beforeFile?.({ ...fields }, info.filename ?? '');
        const path = await tempFile(opts.dataDir);
        temps.push(path);
        const out = fs.createWriteStream(path, { flags: 'wx' });
        await pipeline(stream, out);
        return { path, name: info.filename ?? '', size: out.bytesWritten };
      })();
      writing.catch((e) => {
        stream.resume();
        fail(e);
      });
    });
    parser.on('close', resolve);
    parser.on('error', (e) => fail(unreadable(e)));
    source.on('error', (e) => fail(unreadable(e)));
    source.pipe(parser);
  });

  try {
    await done;
    const file = await writing;
    if (failure) throw failure;
    const faults = textFaults(fields);
    if (faults.length) throw badRequest(TEXT_FAULT_MESSAGE, faults);
    return { fields, file };
  } catch (e) {
    await writing?.catch(() => undefined);
    await removeFiles(temps);
    throw e;
  }
}
