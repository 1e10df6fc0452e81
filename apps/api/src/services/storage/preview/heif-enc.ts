import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * sharp's bundled libvips has no HEVC encoder, so HEIC output goes through libheif's `heif-enc`
 * (Debian: libheif-examples) when it is installed. Without it, `output=heic` is refused.
 */
export function heifEncPath(): string | undefined {
  const candidate = process.env['HEIF_ENC'] || '/usr/bin/heif-enc';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return undefined;
  }
}

/** A PNG re-encoded as HEVC HEIC; quality -1 keeps heif-enc's default (50). */
export async function encodeWithHeifEnc(png: Buffer, quality: number): Promise<Buffer> {
  const binary = heifEncPath();
  if (!binary) throw new Error('heif-enc is not installed');
  const dir = await mkdtemp(join(tmpdir(), 'preview-heic-'));
  try {
    await writeFile(join(dir, 'in.png'), png);
    const args = [...(quality < 0 ? [] : ['-q', String(Math.max(1, quality))]), '-o', join(dir, 'out.heic'), join(dir, 'in.png')];
    await run(binary, args, { timeout: 30_000 });
    return await readFile(join(dir, 'out.heic'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
