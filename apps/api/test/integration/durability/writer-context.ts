import type { AcknowledgedWrites } from './acknowledged-writes.ts';
import type { Random } from './seeded-random.ts';

/** What every writer gets for one life of the server. */
export interface WriterContext {
  endpoint: string;
  writes: AcknowledgedWrites;
  random: Random;
  /** False once the kill is decided: start nothing new. */
  running(): boolean;
}
