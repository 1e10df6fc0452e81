import { describe, expect, it } from 'vitest';
import { messageFilterOf, messageHref, messagesHref } from './list-params';

describe('the message list filter', () => {
  it('reads status, words and page from the address, anything unknown as the default', () => {
    expect(messageFilterOf(new URLSearchParams('status=answered&q=%20polling%20&page=3'))).toEqual({ status: 'answered', q: 'polling', page: 3 });
    expect(messageFilterOf(new URLSearchParams('status=spam&page=-1'))).toEqual({ status: '', q: '', page: 1 });
    expect(messageFilterOf(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(messageFilterOf(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(100);
  });

  it('writes the plain path for the defaults and keeps the rest', () => {
    expect(messagesHref()).toBe('/ieiwrhiwrhwiehhweiwieewewe/messages');
    expect(messagesHref({ status: '', q: '', page: 1 })).toBe('/ieiwrhiwrhwiehhweiwieewewe/messages');
    expect(messagesHref({ status: 'new', q: 'a&b', page: 2 })).toBe('/ieiwrhiwrhwiehhweiwieewewe/messages?status=new&q=a%26b&page=2');
    expect(messageHref('abc 1')).toBe('/ieiwrhiwrhwiehhweiwieewewe/messages/abc%201');
  });
});
