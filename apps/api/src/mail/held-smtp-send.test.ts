// Held sends over a real SMTP server on a loopback port: the claim runs while the server holds the
// whole body but has not accepted the mail, and only its commit lets the mail arrive; a sender that
// dies or withdraws before the end-of-data line leaves nothing, one that dies right after it leaves
// exactly one mail.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { MailDeliveryError } from './mail-delivery-error.ts';
import { createMailer } from './mailer.ts';
import type { HeldClaim, Mailer, OutgoingMail } from './outgoing-mail.ts';

const END_OF_BODY = 'last-line-of-the-body-7f3a';

interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  /** What arrived of each DATA so far, accepted or not. */
  dataSoFar: string[];
  /** DATA streams that ended with the connection, the message unfinished. */
  cutMidData: number;
  connections: number;
  /** Closes every client connection from the server's side. */
  dropConnections(): void;
  close(): Promise<void>;
}

/** Accepts every mail, or refuses each at its end of data with `refuseWith` (a 4xx or 5xx code). */
function startServer(options: { refuseWith?: number; socketTimeout?: number } = {}): Promise<TestSmtpServer> {
  const state = { received: [] as ParsedMail[], dataSoFar: [] as string[], cutMidData: 0, connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    ...(options.socketTimeout ? { socketTimeout: options.socketTimeout } : {}),
    onConnect(_session, callback) {
      state.connections++;
      callback();
    },
    onData(stream, _session, callback) {
      const index = state.dataSoFar.push('') - 1;
      const chunks: Buffer[] = [];
      let ended = false;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        state.dataSoFar[index] += chunk.toString('latin1');
      });
      stream.on('end', () => {
        ended = true;
        if (options.refuseWith) return callback(Object.assign(new Error('Try again later'), { responseCode: options.refuseWith }));
        simpleParser(Buffer.concat(chunks)).then((mail) => {
          state.received.push(mail);
          callback();
        }, callback);
      });
      stream.on('error', () => {});
      stream.on('close', () => {
        if (!ended) state.cutMidData++;
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.on('error', () => {});
      const { port } = server.server.address() as AddressInfo;
      resolve({
        ...state,
        get cutMidData() {
          return state.cutMidData;
        },
        get connections() {
          return state.connections;
        },
        url: `smtp://127.0.0.1:${port}`,
        dropConnections: () => (server as unknown as { connections: Set<{ close(): void }> }).connections.forEach((connection) => connection.close()),
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const mail: OutgoingMail = {
  to: 'amina@example.org', kind: 'message m1', subject: 'Directory update', messageId: '<m1.0a1b2c@atlas.example>',
  text: `The candidate lists changed.\n${END_OF_BODY}`, html: `<p>The candidate lists changed.</p><p>${END_OF_BODY}</p>`,
  headers: { 'List-Unsubscribe': '<https://atlas.example/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
};

async function waitFor(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A claim whose commit and abort are counted (and may run `onCommit` first). */
function countedClaim(onCommit: () => void = () => {}) {
  const counts = { commits: 0, aborts: 0 };
  const claim: HeldClaim = {
    async commit() {
      onCommit();
      counts.commits++;
    },
    async abort() {
      counts.aborts++;
    },
  };
  return { claim, counts };
}

describe('held SMTP sends', () => {
  let server: TestSmtpServer | undefined;
  let mailer: Mailer | undefined;
  const start = async (options?: Parameters<typeof startServer>[0]) => {
    server = await startServer(options);
    mailer = createMailer({ smtpUrl: server.url, from: 'Ballot Atlas <news@atlas.example>', outboxDir: '/nonexistent', pooledConnections: 2, log: () => {} });
    return { server, mailer };
  };
  afterEach(async () => {
    mailer?.close?.();
    await server?.close();
  });

  it('claims while the server holds the whole body unaccepted, and delivers only after the commit', async () => {
    const { server, mailer } = await start();
    const acceptedAt: { claim?: number; commit?: number } = {};
    const { claim, counts } = countedClaim(() => {
      acceptedAt.commit = server.received.length;
    });
    const sent = await mailer.sendHeld(mail, async () => {
      // The body is in the kernel before the claim: it reaches the server without another write from
      // us, through the closing boundary after the last part (smtp-server passes on the last few bytes
      // only once it knows they are not the end-of-data line).
      await waitFor(() => (server.dataSoFar[0] ?? '').includes(`${END_OF_BODY}</p>\r\n--`), 'the whole body at the server');
      await pause(100);
      acceptedAt.claim = server.received.length;
      return claim;
    });

    expect(sent).toBe(true);
    expect(acceptedAt).toEqual({ claim: 0, commit: 0 });
    expect(counts).toEqual({ commits: 1, aborts: 0 });
    expect(server.received).toHaveLength(1);
    const received = server.received[0]!;
    expect(received.messageId).toBe('<m1.0a1b2c@atlas.example>');
    expect(received.from?.value).toEqual([{ name: 'Ballot Atlas', address: 'news@atlas.example' }]);
    expect(received.subject).toBe('Directory update');
    expect(received.text?.trim()).toBe(mail.text);
    expect(received.html).toBe(mail.html);
    expect(received.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://atlas.example/unsubscribe?token=abc>');
    expect(received.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('a claim that throws cuts the connection before the end of data: nothing arrives, the error is the caller\'s', async () => {
    const { server, mailer } = await start();
    const storeDown = new Error('the store is down');
    await expect(mailer.sendHeld(mail, async () => {
      await waitFor(() => (server.dataSoFar[0] ?? '').includes(END_OF_BODY), 'the body at the server');
      throw storeDown;
    })).rejects.toBe(storeDown);
    await waitFor(() => server.cutMidData === 1, 'the server to see the connection end mid-DATA');
    await pause(100);
    expect(server.received).toEqual([]);
  });

  it('a connection dropped before the end of data aborts the claim and leaves nothing', async () => {
    const { server, mailer } = await start();
    const { claim, counts } = countedClaim();
    const failure = await mailer.sendHeld(mail, async () => {
      await waitFor(() => (server.dataSoFar[0] ?? '').includes(END_OF_BODY), 'the body at the server');
      server.dropConnections();
      await waitFor(() => server.cutMidData === 1, 'the server to drop the connection mid-DATA');
      await pause(50);
      return claim;
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as Error).message).toMatch(/^mail: message m1 to amina@example.org was not sent over SMTP, before it was recorded \(/);
    expect(counts).toEqual({ commits: 0, aborts: 1 });
    expect(server.received).toEqual([]);
  });

  it('a withdrawn mail never arrives, and the next one goes on a new connection', async () => {
    const { server, mailer } = await start();
    expect(await mailer.sendHeld(mail, async () => null)).toBe(false);
    await waitFor(() => server.cutMidData === 1, 'the withdrawn DATA to end');
    expect(server.received).toEqual([]);
    expect(await mailer.sendHeld({ ...mail, to: 'zoe@example.org' }, async () => countedClaim().claim)).toBe(true);
    expect(server.received.map((received) => [received.to].flat()[0]?.value[0]?.address)).toEqual(['zoe@example.org']);
    expect(server.connections).toBe(2);
  });

  it('a refusal at the end of data is reported after the claim was committed', async () => {
    const { server, mailer } = await start({ refuseWith: 451 });
    const { claim, counts } = countedClaim();
    const failure = await mailer.sendHeld(mail, async () => claim).catch((error: unknown) => error);
    expect(counts).toEqual({ commits: 1, aborts: 0 });
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as Error).message).toBe('mail: message m1 to amina@example.org was not sent over SMTP, after it was recorded (EMESSAGE, reply 451)');
    expect(server.received).toEqual([]);
  });

  it('a refused recipient fails before any claim', async () => {
    const { mailer } = await start();
    let claims = 0;
    const failure = await mailer.sendHeld({ ...mail, to: 'not an address' }, async () => {
      claims++;
      return countedClaim().claim;
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as Error).message).toMatch(/^mail: message m1 to not an address was not sent over SMTP, before it was recorded \(/);
    expect(claims).toBe(0);
  });

  it('keeps its connections for the next mails, and opens a new one when the server dropped an idle one', async () => {
    const { server, mailer } = await start({ socketTimeout: 300 });
    const claimed = async () => countedClaim().claim;
    for (const to of ['a@example.org', 'b@example.org', 'c@example.org']) expect(await mailer.sendHeld({ ...mail, to }, claimed)).toBe(true);
    expect(server.connections).toBe(1);
    await pause(600);
    expect(await mailer.sendHeld({ ...mail, to: 'd@example.org' }, claimed)).toBe(true);
    expect(server.connections).toBe(2);
    expect(server.received).toHaveLength(4);
  });
});

describe('a sender killed with SIGKILL around its claim', () => {
  const mailerModule = fileURLToPath(new URL('./mailer.ts', import.meta.url));

  /** Runs a held send in a child process that kills itself inside the claim (`before`) or just after its commit started (`after`). */
  async function killedSender(url: string, when: 'before' | 'after'): Promise<NodeJS.Signals | null> {
    const script = `
      const { createMailer } = await import(${JSON.stringify(mailerModule)});
      const mailer = createMailer({ smtpUrl: ${JSON.stringify(url)}, outboxDir: '/nonexistent', pooledConnections: 1, log: () => {} });
      await mailer.sendHeld(${JSON.stringify(mail)}, async () => {
        if (${JSON.stringify(when)} === 'before') process.kill(process.pid, 'SIGKILL');
        return { commit: async () => setImmediate(() => process.kill(process.pid, 'SIGKILL')), abort: async () => {} };
      });
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    return new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  }

  let server: TestSmtpServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('killed while claiming: the server discards the unfinished mail', async () => {
    server = await startServer();
    expect(await killedSender(server.url, 'before')).toBe('SIGKILL');
    await waitFor(() => server!.cutMidData === 1, 'the server to see the connection end mid-DATA');
    expect(server.dataSoFar[0]).toContain(END_OF_BODY);
    await pause(100);
    expect(server.received).toEqual([]);
  });

  it('killed right after the commit started: the kernel still delivers the end of data and the server keeps the mail', async () => {
    server = await startServer();
    expect(await killedSender(server.url, 'after')).toBe('SIGKILL');
    await waitFor(() => server!.received.length === 1, 'the mail');
    expect(server.received[0]!.messageId).toBe('<m1.0a1b2c@atlas.example>');
    expect(server.cutMidData).toBe(0);
  });
});
