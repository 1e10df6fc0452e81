/** Server processes for the benchmark: forked with IPC, ready when they report their port. */
import { fork, type ChildProcess } from 'node:child_process';

export interface ServerChild {
  name: string;
  baseUrl: string;
  pid: number;
  /** Sends `message` and resolves with the child's next reply that has `key`. */
  ask<T>(message: string, key: string): Promise<T>;
  stop(): Promise<void>;
}

export function startServer(name: string, script: string, args: string[], execArgv: string[] = [], timeoutMs = 120_000): Promise<ServerChild> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = fork(script, args, { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${name}: no port reported within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onExit = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`${name}: exited with ${code} before listening`));
    };
    child.once('exit', onExit);
    child.on('message', (message: { ready?: boolean; port?: number }) => {
      if (!message.ready || !message.port) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({
        name,
        baseUrl: `http://127.0.0.1:${message.port}`,
        pid: child.pid ?? 0,
        ask: <T>(message: string, key: string) =>
          new Promise<T>((answered) => {
            const onReply = (reply: Record<string, unknown>): void => {
              if (!(key in reply)) return;
              child.off('message', onReply);
              answered(reply as T);
            };
            child.on('message', onReply);
            child.send(message);
          }),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(force);
              done();
            });
            child.send('stop');
          }),
      });
    });
  });
}
