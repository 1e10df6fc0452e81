import { param } from '../../core/params.ts';
import { defineRoute, type BinaryBody } from '../../core/route.ts';
import type { RequestContext } from '../../core/context.ts';
import type { Services } from '../../core/services.ts';
import { AppwriteError } from '../../core/errors.ts';
import { hasFullTextQuery } from '../../core/full-text-queries.ts';
import { requestedRange } from './byte-range.ts';
import { servesInline } from './content-type.ts';
import { previewCacheKey, previewEtag } from './preview/preview-cache.ts';
import { PreviewError } from './preview/preview-error.ts';
import { previewParams } from './preview/preview-params.ts';
import { PREVIEW_SIZE_LIMIT, renderPreview } from './preview/render-preview.ts';
import { uploaderOf } from './uploads-in-progress.ts';
import type { FileGrant } from './files-service.ts';

const bucketParam = { bucketId: param.uid({ required: true, description: 'Bucket ID.' }) };
const fileParams = { ...bucketParam, fileId: param.uid({ required: true, description: 'File ID.' }) };
const filesPath = '/storage/buckets/{bucketId}/files';

export const listFiles = defineRoute({
  id: 'storage.listFiles',
  method: 'GET',
  path: filesPath,
  summary: 'List the complete files of a bucket the caller may read, with queries and a name search.',
  scope: 'files.read',
  expensive: { kind: 'search', when: (params) => Boolean(params.search) || hasFullTextQuery(params.queries) },
  params: {
    ...bucketParam,
    queries: param.queries({ description: 'Filters and order on $id, $createdAt, $updatedAt, name, signature, mimeType, sizeOriginal, chunksTotal, chunksUploaded; limit, offset, cursors.' }),
    search: param.string({ max: 256, description: 'Words the file name must contain.' }),
  },
  response: { status: 200, model: 'FileList' },
  handler: ({ params, ctx, services }) => services.storage.files.list(ctx.identity, params.bucketId, params.queries ?? [], params.search || undefined),
});

export const createFile = defineRoute({
  id: 'storage.createFile',
  method: 'POST',
  path: filesPath,
  summary: 'Upload a file: in one request up to 5 MiB, above that in 5 MiB chunks with Content-Range (any order; resumable).',
  scope: 'files.write',
  multipart: true,
  abuse: { limit: 60, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId', 'chunk'] },
  params: {
    ...bucketParam,
    fileId: param.newId({ required: true, description: 'File ID, or unique() to have one generated.' }),
    permissions: param.permissions({ description: 'Permission strings; defaults to the uploading user.' }),
  },
  response: { status: 201, model: 'File' },
  handler: ({ params, ctx, services, upload }) => {
    if (!upload) throw new AppwriteError('storage_file_empty', 'The request has no `file` part.');
    return services.storage.files.receive(ctx.identity, params.bucketId, {
      fileId: params.fileId,
      filename: upload.filename,
      tempPath: upload.tempPath,
      size: upload.size,
      permissions: params.permissions,
      contentRange: ctx.header('content-range'),
      uploadId: ctx.header('x-appwrite-id'),
      uploader: uploaderOf(ctx.identity, ctx.ip),
    });
  },
});

export const getFile = defineRoute({
  id: 'storage.getFile',
  method: 'GET',
  path: `${filesPath}/{fileId}`,
  summary: 'One file\'s record (also while its upload is in progress).',
  scope: 'files.read',
  params: fileParams,
  response: { status: 200, model: 'File' },
  handler: ({ params, ctx, services }) => services.storage.files.get(ctx.identity, params.bucketId, params.fileId),
});

export const updateFile = defineRoute({
  id: 'storage.updateFile',
  method: 'PUT',
  path: `${filesPath}/{fileId}`,
  summary: 'Rename a file or replace its permissions.',
  scope: 'files.write',
  abuse: { limit: 60, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: {
    ...fileParams,
    name: param.string({ min: 1, max: 255, description: 'New file name.' }),
    permissions: param.permissions({ description: 'New permission strings.' }),
  },
  response: { status: 200, model: 'File' },
  handler: ({ params, ctx, services }) => services.storage.files.update(ctx.identity, params.bucketId, params.fileId, params.name, params.permissions),
});

export const deleteFile = defineRoute({
  id: 'storage.deleteFile',
  method: 'DELETE',
  path: `${filesPath}/{fileId}`,
  summary: 'Delete a file and its bytes.',
  scope: 'files.write',
  abuse: { limit: 60, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: fileParams,
  response: { status: 204 },
  handler: async ({ params, ctx, services }) => {
    await services.storage.files.delete(ctx.identity, params.bucketId, params.fileId);
    await services.storage.previews.invalidate(params.bucketId, params.fileId);
  },
});

/** What the request's `token` param grants; nothing without one. */
function grantOf(services: Services, token: string | undefined): Promise<FileGrant | null> {
  return token ? services.tokens.fileGrant(token) : Promise.resolve(null);
}

/** View and download: the stored bytes (or a range of them) with headers that keep user files from acting as our pages. */
async function fileBytes(ctx: RequestContext, services: Services, bucketId: string, fileId: string, token: string | undefined, mode: 'view' | 'download'): Promise<BinaryBody> {
  const { files } = services.storage;
  const file = await files.openForReading(ctx.identity, bucketId, fileId, await grantOf(services, token));
  const size = file.model.sizeOriginal;
  const etag = `"${file.model.signature}"`;
  const range = requestedRange(ctx.header('range'), size);
  const inline = mode === 'view' && servesInline(file.model.mimeType);
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    ETag: etag,
    // Nothing in a user file may run as this site. Inline types cannot run script anyway; a full
    // sandbox would also stop the browser's own PDF viewer, so it is kept for everything else.
    'Content-Security-Policy': inline ? "script-src 'none'" : "default-src 'none'; sandbox",
  };
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
  let body: BinaryBody['body'];
  if (files.storedAsIs(file)) body = files.streamStored(file, range);
  else {
    const contents = await files.contents(file);
    body = range ? contents.subarray(range.start, range.end + 1) : contents;
  }
  const presented = inline ? { inline: file.model.name } : { download: file.model.name };
  return {
    body,
    // A download is never rendered, so it keeps its own type; a view of an unsafe type is only ever a download.
    contentType: inline || mode === 'download' ? file.model.mimeType : 'application/octet-stream',
    status: range ? 206 : 200,
    cacheSeconds: 3_888_000,
    cacheScope: 'private',
    headers,
    ...presented,
  };
}

export const getFileView = defineRoute({
  id: 'storage.getFileView',
  method: 'GET',
  path: `${filesPath}/{fileId}/view`,
  summary: 'The file\'s bytes to show in the browser (types that cannot run script only; others download). Supports Range.',
  scope: 'files.read',
  params: { ...fileParams, token: param.string({ max: 4096, description: 'A resource token\'s secret (services/tokens): opens this one file whatever its permissions.' }) },
  response: { status: 200, binary: '*/*' },
  handler: ({ params, ctx, services }) => fileBytes(ctx, services, params.bucketId, params.fileId, params.token, 'view'),
});

export const getFileDownload = defineRoute({
  id: 'storage.getFileDownload',
  method: 'GET',
  path: `${filesPath}/{fileId}/download`,
  summary: 'The file\'s bytes as a download (Content-Disposition: attachment). Supports Range.',
  scope: 'files.read',
  params: { ...fileParams, token: param.string({ max: 4096, description: 'A resource token\'s secret (services/tokens): opens this one file whatever its permissions.' }) },
  response: { status: 200, binary: '*/*' },
  handler: ({ params, ctx, services }) => fileBytes(ctx, services, params.bucketId, params.fileId, params.token, 'download'),
});

export const getFilePreview = defineRoute({
  id: 'storage.getFilePreview',
  method: 'GET',
  path: `${filesPath}/{fileId}/preview`,
  summary: 'An image of the file: resized, cropped, bordered, rotated or re-encoded; other files get a file-type tile. Rendered once, then served from the preview cache (on disk, or in the S3 store with STORAGE_URL).',
  scope: 'files.read',
  expensive: { kind: 'preview' },
  params: { ...fileParams, ...previewParams, token: param.string({ max: 4096, description: 'A resource token\'s secret (services/tokens): opens this one file whatever its permissions.' }) },
  response: { status: 200, binary: 'image/*' },
  handler: async ({ params, ctx, services }) => {
    const { files, previews } = services.storage;
    const file = await files.openForReading(ctx.identity, params.bucketId, params.fileId, await grantOf(services, params.token));
    const { bucketId, fileId, token: _token, ...options } = params;
    const key = previewCacheKey({ bucketId, fileId, signature: file.model.signature, options });
    const etag = previewEtag(key);
    const cacheHeaders = { ETag: etag };
    if (ctx.header('if-none-match') === etag) return { body: Buffer.alloc(0), contentType: 'image/*', status: 304, cacheSeconds: 2_592_000, cacheScope: 'private', headers: cacheHeaders };
    try {
      const { preview } = await previews.getOrRender(key, async () => {
        // Files too large to transform are not read at all: they get the placeholder.
        const tooLarge = file.model.sizeOriginal > PREVIEW_SIZE_LIMIT;
        const input = tooLarge ? Buffer.alloc(0) : await files.contents(file);
        return renderPreview(input, file.model.mimeType, options, file.model.sizeOriginal);
      });
      return { body: preview.body, contentType: preview.contentType, cacheSeconds: 2_592_000, cacheScope: 'private', headers: cacheHeaders };
    } catch (error) {
      if (error instanceof PreviewError) throw error.toAppwriteError();
      throw error;
    }
  },
});

export const fileRoutes = [listFiles, createFile, getFile, updateFile, deleteFile, getFileView, getFileDownload, getFilePreview];
