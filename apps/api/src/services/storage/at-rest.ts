import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip, zstdCompress, zstdDecompress } from 'node:zlib';

/** Appwrite compresses and encrypts only files up to this size (APP_LIMIT_COMPRESSION/ENCRYPTION: 20 MB, decimal); bigger ones are stored as they are. */
export const AT_REST_LIMIT_BYTES = 20_000_000;

export type Compression = 'none' | 'gzip' | 'zstd';

/** How a file's bytes were transformed before storing; kept with the file record. */
export interface AtRestMeta {
  compression: Compression;
  /** AES-256-GCM nonce and tag, base64; absent when not encrypted. */
  iv?: string;
  tag?: string;
}

const compressors = { gzip: promisify(gzip), zstd: promisify(zstdCompress) };
const decompressors = { gzip: promisify(gunzip), zstd: promisify(zstdDecompress) };

export async function seal(plain: Buffer, compression: Compression, key: Buffer | null): Promise<{ bytes: Buffer; meta: AtRestMeta }> {
  let bytes = compression === 'none' ? plain : await compressors[compression](plain);
  const meta: AtRestMeta = { compression };
  if (key) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    bytes = Buffer.concat([cipher.update(bytes), cipher.final()]);
    meta.iv = iv.toString('base64');
    meta.tag = cipher.getAuthTag().toString('base64');
  }
  return { bytes, meta };
}

/** The original bytes; a tampered encrypted file fails its authentication tag and throws. */
export async function unseal(stored: Buffer, meta: AtRestMeta, key: Buffer | null): Promise<Buffer> {
  let bytes = stored;
  if (meta.iv && meta.tag) {
    if (!key) throw new Error('the file is encrypted but no storage key is available');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(meta.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(meta.tag, 'base64'));
    bytes = Buffer.concat([decipher.update(bytes), decipher.final()]);
  }
  return meta.compression === 'none' ? bytes : decompressors[meta.compression](bytes);
}
