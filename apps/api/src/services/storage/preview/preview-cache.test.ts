import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskBlobStore } from '../blobs/disk-blob-store.ts';
import { PreviewCache, previewCacheKey, previewEtag, type CachedPreview } from './preview-cache.ts';
import { paint, RED } from './preview-test-images.ts';
import { renderPreview } from './render-preview.ts';

let directory: string;
let cache: PreviewCache;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'preview-cache-'));
  cache = new PreviewCache(new DiskBlobStore(directory));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const key = (fileId = 'file1', options = {}, signature = 'md5-a') => previewCacheKey({ bucketId: 'photos', fileId, signature, options });
const preview = (text: string): CachedPreview => ({ body: Buffer.from(text), contentType: 'image/png' });

describe('previewCacheKey', () => {
  it('is the same for absent and spelled-out defaults, and for jpg and jpeg', () => {
    expect(key('f', {})).toEqual(key('f', { width: 0, height: 0, gravity: 'center', quality: -1, opacity: 1, rotation: 360 }));
    expect(key('f', { output: 'jpg' })).toEqual(key('f', { output: 'jpeg' }));
  });

  it('changes with the file, its signature and each option', () => {
    const base = key('f', { width: 100 });
    expect(base.hash).toMatch(/^[0-9a-f]{64}$/);
    const others = [key('g', { width: 100 }), key('f', { width: 100 }, 'md5-b'), key('f', { width: 101 }), key('f', { width: 100, output: 'png' }), key('f', { width: 100, background: 'fff' })];
    for (const other of others) expect(other.hash).not.toBe(base.hash);
  });

  it('refuses ids that could escape the cache directory', () => {
    for (const id of ['..', '../x', 'a/b', '', '.hidden']) {
      expect(() => previewCacheKey({ bucketId: id, fileId: 'f', signature: '', options: {} })).toThrow();
      expect(() => previewCacheKey({ bucketId: 'b', fileId: id, signature: '', options: {} })).toThrow();
    }
  });
});

describe('PreviewCache', () => {
  it('returns what was put, with its content type', async () => {
    const body = Buffer.from([0, 10, 13, 255, 10]); // binary, including newlines
    await cache.put(key(), { body, contentType: 'image/webp' });
    expect(await cache.get(key())).toEqual({ body, contentType: 'image/webp' });
  });

  it('misses on an unknown key', async () => {
    expect(await cache.get(key('nothing'))).toBeUndefined();
  });

  it('stores each preview at <bucket>/<fileId>/<hash> and leaves no temporary files', async () => {
    const stored = key('file1', { width: 10 });
    await cache.put(stored, preview('x'));
    expect(await readdir(join(directory, 'photos', 'file1'))).toEqual([stored.hash]);
  });

  it('writes atomically: while an entry is replaced, readers see the old or the new one, never a part', async () => {
    const large = (fill: number): CachedPreview => ({ body: Buffer.alloc(2_000_000, fill), contentType: 'image/png' });
    const target = key();
    await cache.put(target, large(0));
    let writing = true;
    const reader = (async () => {
      const seen: (CachedPreview | undefined)[] = [];
      while (writing) seen.push(await cache.get(target));
      return seen;
    })();
    for (let round = 1; round <= 20; round++) await cache.put(target, large(round));
    writing = false;
    const seen = await reader;
    expect(seen.length).toBeGreaterThan(0);
    for (const read of seen) {
      expect(read?.body.length).toBe(2_000_000);
      expect(read!.body.equals(Buffer.alloc(2_000_000, read!.body[0]))).toBe(true);
    }
  });

  it('invalidate removes every preview of one file and nothing else', async () => {
    await cache.put(key('file1', { width: 10 }), preview('a'));
    await cache.put(key('file1', { width: 20 }), preview('b'));
    await cache.put(key('file2', { width: 10 }), preview('c'));
    await cache.invalidate('photos', 'file1');
    expect(await cache.get(key('file1', { width: 10 }))).toBeUndefined();
    expect(await cache.get(key('file1', { width: 20 }))).toBeUndefined();
    expect(await cache.get(key('file2', { width: 10 }))).toEqual(preview('c'));
    await cache.invalidate('photos', 'never-cached'); // not an error
  });

  it('invalidateBucket removes the previews of every file in a bucket', async () => {
    await cache.put(key('file1'), preview('a'));
    await cache.put(key('file2'), preview('b'));
    await cache.invalidateBucket('photos');
    expect(await readdir(directory)).toEqual([]);
  });

  it('gives a strong ETag derived from the key', () => {
    const etag = cache.etag(key('f', { width: 10 }));
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(etag).toBe(previewEtag(key('f', { width: 10 })));
    expect(etag).not.toBe(cache.etag(key('f', { width: 11 })));
  });
});

describe('PreviewCache.getOrRender with the real renderer', () => {
  it('renders once; the repeat is served from disk without re-encoding', async () => {
    const source = await paint(80, 40, () => RED).png().toBuffer();
    const options = { width: 40, borderRadius: 8 };
    let renders = 0;
    const render = () => {
      renders++;
      return renderPreview(source, 'image/png', options);
    };
    const target = key('file1', options);
    const first = await cache.getOrRender(target, render);
    const path = join(directory, 'photos', 'file1', target.hash);
    const writtenAt = (await stat(path)).mtimeMs;
    const second = await cache.getOrRender(target, render);
    expect(renders).toBe(1);
    expect([first.cached, second.cached]).toEqual([false, true]);
    expect(second.preview).toEqual(first.preview);
    expect(second.preview.contentType).toBe('image/png');
    expect((await stat(path)).mtimeMs).toBe(writtenAt);
  });

  it('shares one render between concurrent requests for the same preview', async () => {
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return preview('once');
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => cache.getOrRender(key(), render)));
    expect(renders).toBe(1);
    for (const result of results) expect(result.preview).toEqual(preview('once'));
  });

  it('renders again after the file is invalidated', async () => {
    let renders = 0;
    const render = async () => preview(`render ${++renders}`);
    await cache.getOrRender(key(), render);
    await cache.invalidate('photos', 'file1');
    const again = await cache.getOrRender(key(), render);
    expect(renders).toBe(2);
    expect(again).toEqual({ preview: preview('render 2'), cached: false });
  });

  it('passes a render failure to the caller and caches nothing', async () => {
    const failing = () => Promise.reject(new Error('boom'));
    await expect(cache.getOrRender(key(), failing)).rejects.toThrow('boom');
    expect(await cache.get(key())).toBeUndefined();
    expect((await cache.getOrRender(key(), async () => preview('ok'))).preview).toEqual(preview('ok'));
  });
});
