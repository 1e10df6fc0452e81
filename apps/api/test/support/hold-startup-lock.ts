/**
 * `node hold-startup-lock.ts CONFIG_JSON`: takes the start-up lock for that config, prints `held`,
 * and keeps it until killed — a process that dies holding the lock, for startup-lock tests.
 */
import { acquireStartupLock, type StartupLockConfig } from '../../src/db/startup-lock.ts';

await acquireStartupLock(JSON.parse(process.argv[2]!) as StartupLockConfig, () => {});
process.stdout.write('held\n');
setInterval(() => {}, 60_000);
