import { describe, expect, it } from 'vitest';
import { UnansweredStatements } from './unanswered-statements.ts';

const never = () => new Promise<never>(() => {});

describe('UnansweredStatements', () => {
  it('passes answers and errors through as they come', async () => {
    const unanswered = new UnansweredStatements(50);
    let gaveUp = false;
    await expect(unanswered.watch(Promise.resolve({ rows: [1] }), () => (gaveUp = true))).resolves.toEqual({ rows: [1] });
    const refused = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(unanswered.watch(Promise.reject(refused), () => (gaveUp = true))).rejects.toBe(refused);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(gaveUp).toBe(false);
  });

  it('gives up a statement left unanswered past the limit, and only that one', async () => {
    const unanswered = new UnansweredStatements(60);
    const broken: string[] = [];
    const started = Date.now();
    const hung = unanswered.watch(never(), () => broken.push('hung'));
    const answered = unanswered.watch(new Promise((resolve) => setTimeout(() => resolve('late but in time'), 30)), () => broken.push('answered'));
    await expect(answered).resolves.toBe('late but in time');
    await expect(hung).rejects.toThrow('Query read timeout');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(60);
    expect(waited).toBeLessThan(60 + 200);
    expect(broken).toEqual(['hung']);
  });

  it('keeps watching after an idle spell (the sweep stops when nothing is in flight and starts again)', async () => {
    const unanswered = new UnansweredStatements(40);
    await unanswered.watch(Promise.resolve(1), () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    let gaveUp = false;
    await expect(unanswered.watch(never(), () => (gaveUp = true))).rejects.toThrow('Query read timeout');
    expect(gaveUp).toBe(true);
  });
});
