import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { FilePartPlacer, UploadedFile } from '../core/uploaded-file.ts';
import { AppwriteError } from '../core/errors.ts';

export interface MultipartBody {
  fields: Record<string, unknown>;
  file: UploadedFile | undefined;
  /** Removes what the file part left behind (its temporary file, or what was written in place for it); safe to call again. */
  discard(): Promise<void>;
}

/** `permissions[0]`, `permissions[]` → the array `permissions`, as the SDKs flatten arrays into form fields. */
function addField(fields: Record<string, unknown>, name: string, value: string): void {
  const array = /^([\w-]+)\[(\d*)\]$/.exec(name);
  if (!array) {
    fields[name] = value;
    return;
  }
  const key = array[1]!;
  const list = Array.isArray(fields[key]) ? (fields[key] as string[]) : [];
  list.push(value);
  fields[key] = list;
}

/**
 * Reads a multipart request: fields into an object, the one `file` part given to `placeFile` or else
 * streamed to a temporary file (so memory stays flat whatever the size). The caller calls `discard`.
 */
export async function readMultipart(request: FastifyRequest, tempDir: string, maxFileBytes: number, placeFile?: FilePartPlacer): Promise<MultipartBody> {
  // Without a multipart body there is no file (Appwrite answers such a request storage_file_empty too).
  if (!request.isMultipart()) throw new AppwriteError('storage_file_empty', 'The request must be multipart/form-data with a `file` part.');
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, unknown> = {};
  let file: UploadedFile | undefined;
  let discard = async (): Promise<void> => {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 1, fields: 200, fieldSize: 65_536 } })) {
      if (part.type === 'field') {
        addField(fields, part.fieldname, String(part.value));
        continue;
      }
      const filename = part.filename || 'file';
      const placed = await placeFile?.({ fields, filename, body: part.file });
      if (placed) {
        ({ file, discard } = placed);
      } else {
        const tempPath = join(tempDir, `upload-${Date.now()}-${randomBytes(6).toString('hex')}`);
        file = { filename, tempPath, size: 0 };
        discard = () => rm(tempPath, { force: true });
        await pipeline(part.file, createWriteStream(tempPath));
        file.size = part.file.bytesRead;
      }
      if (part.file.truncated) throw new AppwriteError('storage_invalid_file_size');
    }
  } catch (error) {
    await discard();
    if (error instanceof AppwriteError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppwriteError('storage_invalid_file_size');
    if (code === 'FST_FILES_LIMIT') throw new AppwriteError('storage_invalid_file', 'Send one file per request.');
    // The client went away or sent a broken body: the chunk is refused and can be sent again.
    throw new AppwriteError('storage_invalid_file', 'The upload was interrupted or malformed. Please send it again.');
  }
  return { fields, file, discard };
}
