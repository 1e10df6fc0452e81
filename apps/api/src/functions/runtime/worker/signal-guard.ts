/**
 * Node 24's permission model lets a process signal any other process of its user: a function
 * could kill the server or another execution's worker, or send SIGUSR1 to open the server's
 * inspector. Here a function may signal its own process only.
 */
const SIGNAL_METHODS = ['kill', '_kill', '_debugProcess'] as const;

export function confineSignals(): void {
  for (const name of SIGNAL_METHODS) {
    const original = Reflect.get(process, name) as unknown;
    if (typeof original !== 'function') continue;
    Object.defineProperty(process, name, {
      value: function (this: unknown, ...args: unknown[]) {
        if (Number(args[0]) !== process.pid) {
          throw Object.assign(new Error(`A function may not signal process ${String(args[0])}; it may signal its own process only.`), { code: 'ERR_ACCESS_DENIED' });
        }
        return Reflect.apply(original, this, args);
      },
      writable: false,
      configurable: false,
      enumerable: true,
    });
  }
}
