import { describe, expect, it } from 'vitest';
import { pageCsp } from './security-headers';

const connectSrc = (url: string) =>
  pageCsp('nonce', new URL(url))
    .split('; ')
    .find((directive) => directive.startsWith('connect-src '));

describe('page Content-Security-Policy', () => {
  it("lets the page's realtime socket reach its own origin, and nothing else", () => {
    expect(connectSrc('http://127.0.0.1:3000/candidate/x')).toBe("connect-src 'self' ws://127.0.0.1:3000");
    expect(connectSrc('https://atlas.example/')).toBe("connect-src 'self' wss://atlas.example");
    expect(connectSrc('https://atlas.example:8443/eventCalendar')).toBe("connect-src 'self' wss://atlas.example:8443");
  });
});
