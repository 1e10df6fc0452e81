import { AsyncLocalStorage } from 'node:async_hooks';
import { setFormattedOutputSource } from './intl';
import { OutputRecord } from './intl-output';

const renders = new AsyncLocalStorage<OutputRecord>();
setFormattedOutputSource(() => renders.getStore());

/** Runs a page's render with its own record of formatted output (lib/intl.ts). */
export function recordingFormattedOutput<T>(render: () => T): T {
  return renders.run(OutputRecord.recording(), render);
}
