/** Poppler's command-line tools on a PDF in memory (Debian poppler-utils, installed when missing). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianTool } from '../../../../apps/api/test/support/debian-tool.ts';

function withFile<T>(bytes: Uint8Array, use: (path: string) => T): T {
  const folder = mkdtempSync(join(tmpdir(), 'export-pdf-'));
  try {
    const path = join(folder, 'export.pdf');
    writeFileSync(path, bytes);
    return use(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function tool(binary: string): string {
  const path = ensureDebianTool(binary, 'poppler-utils');
  if (!path) throw new Error(`${binary} (Debian poppler-utils) is needed and could not be installed`);
  return path;
}

/** The text as pdftotext -layout reads it: one table row per line, pages separated by form feeds. */
export function pdfText(bytes: Uint8Array): string {
  return withFile(bytes, (path) => execFileSync(tool('pdftotext'), ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }));
}

export function pdfInfo(bytes: Uint8Array): Record<string, string> {
  const output = withFile(bytes, (path) => execFileSync(tool('pdfinfo'), [path], { encoding: 'utf8' }));
  return Object.fromEntries(output.split('\n').filter((line) => line.includes(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
}

/** pdffonts' table rows: name, type, encoding, embedded, subset. */
export function pdfFonts(bytes: Uint8Array): { name: string; embedded: boolean; subset: boolean }[] {
  const output = withFile(bytes, (path) => execFileSync(tool('pdffonts'), [path], { encoding: 'utf8' }));
  return output.split('\n').slice(2).filter(Boolean).map((line) => {
    const columns = line.trim().split(/\s+/);
    const flags = columns.slice(-5);
    return { name: columns[0]!, embedded: flags[0] === 'yes', subset: flags[1] === 'yes' };
  });
}

/** Where each needle is found, searching each after the previous one: -1 from the first one missing or out of order. */
export function positionsInOrder(text: string, needles: readonly string[]): number[] {
  let from = 0;
  return needles.map((needle) => {
    const at = from < 0 ? -1 : text.indexOf(needle, from);
    from = at < 0 ? -1 : at + needle.length;
    return at;
  });
}
