import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its extra header costs. */
const MIN_BYTES = 1024;
const ENCODINGS = [
  { suffix: '.br', encode: (bytes: Buffer) => promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }) },
  { suffix: '.gz', encode: (bytes: Buffer) => promisify(gzip)(bytes, { level: constants.Z_BEST_COMPRESSION }) },
];

/**
 * Writes a Brotli and a gzip copy beside each text file of the client build, at the highest levels
 * (once per build, not per request); the server sends the copy the browser accepts (@fastify/static
 * `preCompressed`, apps/api/src/http/web.ts). The server build is left alone: nothing serves it.
 */
export function precompressClientFiles(): Plugin {
  let outDir = '';
  return {
    name: 'ballot-atlas:precompress-client-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = config.environments['client']?.build.outDir ?? config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.'));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(join(outDir, file));
          if (bytes.length < MIN_BYTES) return;
          for (const { suffix, encode } of ENCODINGS) {
            const encoded = await encode(bytes);
            if (encoded.length < bytes.length) await writeFile(join(outDir, file + suffix), encoded);
          }
        }),
      );
    },
  };
}
