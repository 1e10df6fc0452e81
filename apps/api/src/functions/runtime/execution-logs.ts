/**
 * An execution's `logs` and `errors`, each capped as open-runtimes' executor caps its log files
 * (5 MB, then a closing note saying so).
 */
export const LOG_LIMIT_BYTES = 5 * 1024 * 1024;

class CappedText {
  private parts: string[] = [];
  private bytes = 0;
  private truncated = false;

  private readonly limit: number;
  private readonly note: string;

  constructor(limit: number, note: string) {
    this.limit = limit;
    this.note = note;
  }

  append(text: string): void {
    if (this.truncated) return;
    const size = Buffer.byteLength(text);
    if (this.bytes + size <= this.limit) {
      this.parts.push(text);
      this.bytes += size;
      return;
    }
    const room = this.limit - this.bytes;
    // Cut on a character boundary: decoding a partial sequence would add a replacement character.
    this.parts.push(Buffer.from(text).subarray(0, room).toString('utf8').replace(/\uFFFD$/, ''));
    this.bytes = this.limit;
    this.truncated = true;
  }

  toString(): string {
    const text = this.parts.join('');
    return this.truncated ? `${text}\n${this.note}` : text;
  }
}

export class ExecutionLogs {
  private readonly logs: CappedText;
  private readonly errors: CappedText;

  constructor(limit = LOG_LIMIT_BYTES) {
    const size = (limit / 1048576).toFixed(2);
    this.logs = new CappedText(limit, `Log file has been truncated to ${size}MB.`);
    this.errors = new CappedText(limit, `Error file has been truncated to ${size}MB.`);
  }

  append(stream: 'logs' | 'errors', text: string): void {
    (stream === 'logs' ? this.logs : this.errors).append(text);
  }

  /** A line of the pool's own (a timeout, a crash), written like `context.error`. */
  error(line: string): void {
    this.errors.append(`${line}\n`);
  }

  result(): { logs: string; errors: string } {
    return { logs: this.logs.toString(), errors: this.errors.toString() };
  }
}
