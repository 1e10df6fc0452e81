import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes text and, when the stream's buffer is full, waits until it drains: memory stays flat on any size. */
export async function writeText(out: Writable, text: string): Promise<void> {
  if (text === '') return;
  if (!out.write(text)) await once(out, 'drain');
}
