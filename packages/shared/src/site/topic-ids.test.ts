import { describe, expect, it } from 'vitest';
import { electionTopicId, regionTopicId } from './topic-ids.ts';

describe('topic ids', () => {
  it('prefix a short record id', () => {
    expect(electionTopicId('general-2026')).toBe('election-general-2026');
    expect(regionTopicId('kaskazini')).toBe('region-kaskazini');
  });

  it('hash an id that would overflow 36 characters, stably and within the limit', () => {
    const long = 'a'.repeat(36);
    const id = regionTopicId(long);
    expect(id).toMatch(/^region-[0-9a-f]{16}$/);
    expect(regionTopicId(long)).toBe(id);
    expect(regionTopicId(`${long}b`)).not.toBe(id);
    expect(electionTopicId('x'.repeat(27))).toHaveLength(36);
    expect(electionTopicId('x'.repeat(28))).toMatch(/^election-[0-9a-f]{16}$/);
  });
});
