import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection, { type SMTPConnectionOptions } from 'nodemailer/lib/smtp-connection';

/**
 * Up to `size` logged-in SMTP connections, each carrying one mail at a time and kept for the next
 * one. A connection the server closes while idle leaves the pool; one that failed under a send is
 * discarded by the caller rather than reused in an unknown state.
 */
export class SmtpConnectionPool {
  private readonly options: SMTPConnectionOptions;
  private readonly auth: { user: string; pass: string } | undefined;
  private readonly size: number;
  private readonly members = new Set<SMTPConnection>();
  private readonly idle: SMTPConnection[] = [];
  private readonly waiting: (() => void)[] = [];
  private opening = 0;
  private closed = false;

  constructor(smtpUrl: string, size: number) {
    const { auth, ...options } = parseConnectionUrl(smtpUrl);
    this.options = options as SMTPConnectionOptions;
    this.auth = auth;
    this.size = size;
  }

  /** An idle connection (`reused`) or a new one; `fresh` skips the idle ones. Waits while all `size` are busy. */
  async acquire(fresh = false): Promise<{ connection: SMTPConnection; reused: boolean }> {
    for (;;) {
      if (this.closed) throw Object.assign(new Error('The SMTP connection pool is closed'), { code: 'ECONNECTION' });
      const idle = fresh ? undefined : this.idle.pop();
      if (idle) {
        if (!idle.destroyed) return { connection: idle, reused: true };
        continue;
      }
      if (this.members.size + this.opening < this.size) return { connection: await this.open(), reused: false };
      if (fresh && this.idle.length > 0) {
        this.idle.shift()!.close();
        continue;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** Hands a connection back after a completed send, for the next mail. */
  release(connection: SMTPConnection): void {
    if (this.closed || connection.destroyed) {
      this.discard(connection);
      return;
    }
    this.idle.push(connection);
    this.wakeOne();
  }

  /** Closes a connection that failed or was cut under a send. */
  discard(connection: SMTPConnection): void {
    connection.close();
    this.forget(connection);
  }

  close(): void {
    this.closed = true;
    for (const connection of [...this.members]) this.discard(connection);
    for (const wake of this.waiting.splice(0)) wake();
  }

  private open(): Promise<SMTPConnection> {
    this.opening++;
    return new Promise<SMTPConnection>((resolve, reject) => {
      const connection = new SMTPConnection(this.options);
      let settled = false;
      const settle = (error: Error | null | undefined) => {
        if (settled) return;
        settled = true;
        this.opening--;
        if (error) {
          connection.close();
          this.wakeOne();
          reject(error);
          return;
        }
        this.members.add(connection);
        resolve(connection);
      };
      // Errors after the login reach the send in flight through its own callback; a listener must stay, or nodemailer's 'error' event would be thrown.
      connection.on('error', (error: Error) => settle(error));
      connection.once('end', () => {
        settle(Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' }));
        this.forget(connection);
      });
      connection.connect((error) => {
        if (error) return settle(error);
        if (!this.auth || !connection.allowsAuth) return settle(null);
        connection.login(this.auth, (loginError) => settle(loginError));
      });
    });
  }

  private forget(connection: SMTPConnection): void {
    const index = this.idle.indexOf(connection);
    if (index >= 0) this.idle.splice(index, 1);
    if (this.members.delete(connection)) this.wakeOne();
  }

  private wakeOne(): void {
    this.waiting.shift()?.();
  }
}
