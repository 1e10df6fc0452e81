import { describe, expect, it } from 'vitest';
import { UnsubscribeTokens } from './unsubscribe-tokens.ts';

describe('unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens('server-secret-one');

  it('name the subscription they were issued for, ids with dots included', () => {
    const target = { topicId: 'election-gen.2027', subscriberId: 'sub.with.dots' };
    expect(tokens.verify(tokens.issue(target))).toEqual(target);
  });

  it('refuse an altered body, a borrowed signature, another server\'s token and junk', () => {
    const token = tokens.issue({ topicId: 'updates', subscriberId: 'sub1' });
    const [, signature] = token.split('.');
    expect(tokens.verify(`${Buffer.from('updates\nsub2').toString('base64url')}.${signature}`)).toBeUndefined();
    expect(tokens.verify(`${token}x`)).toBeUndefined();
    expect(new UnsubscribeTokens('server-secret-two').verify(token)).toBeUndefined();
    for (const junk of ['', '.', 'abc', `${token}.extra`, `${Buffer.from('updates').toString('base64url')}.${signature}`]) expect(tokens.verify(junk)).toBeUndefined();
  });
});
