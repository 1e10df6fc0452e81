import { describe, expect, it } from 'vitest';
import { effectiveAccessLog } from './request-log.ts';

describe('effectiveAccessLog', () => {
  it('keeps the access log when the log level writes its lines', () => {
    expect(effectiveAccessLog('info', 'info')).toBe('info');
    expect(effectiveAccessLog('info', 'debug')).toBe('info');
    expect(effectiveAccessLog('debug', 'debug')).toBe('debug');
  });

  it('turns it off when the logger would drop every line (its hooks then cost nothing)', () => {
    expect(effectiveAccessLog('info', 'silent')).toBe('off');
    expect(effectiveAccessLog('info', 'warn')).toBe('off');
    expect(effectiveAccessLog('debug', 'info')).toBe('off');
    expect(effectiveAccessLog('off', 'debug')).toBe('off');
  });
});
