import { Transform } from 'node:stream';

/**
 * Passes on `take` bytes after skipping `skip`, then ends. For stores that answer a Range request
 * with more than was asked (s3rver sends the whole rest for `bytes=0-0`; some ignore Range entirely).
 */
export function byteWindow(skip: number, take: number): Transform {
  let toSkip = skip;
  let toTake = take;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (toTake === 0) return done();
      let data = chunk;
      if (toSkip > 0) {
        const skipped = Math.min(toSkip, data.length);
        toSkip -= skipped;
        data = data.subarray(skipped);
      }
      if (toTake > 0 && data.length > 0) {
        const taken = data.subarray(0, toTake);
        toTake -= taken.length;
        this.push(taken);
      }
      if (toTake === 0) this.push(null);
      done();
    },
  });
}
