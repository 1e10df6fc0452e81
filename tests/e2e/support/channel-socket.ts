import WebSocket from 'ws';
import { e2e } from './browser.ts';

/** A realtime socket with no subscription queries: every event of its channel, as a page's socket was sent before filters. */
export interface ChannelSocket {
  /** The payloads of the event frames received, in order. */
  payloads: Record<string, unknown>[];
  close(): void;
}

/** Opens a guest socket on `channel` (channels in the URL, the protocol's older form) and resolves once it is subscribed. */
export async function openChannelSocket(channel: string): Promise<ChannelSocket> {
  const { url, projectId } = e2e();
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/v1/realtime?project=${encodeURIComponent(projectId)}&channels%5B%5D=${encodeURIComponent(channel)}`);
  const payloads: Record<string, unknown>[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no realtime connection for ${channel} within 10 s`)), 10_000);
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; data?: { payload?: Record<string, unknown> } };
      if (frame.type === 'event' && frame.data?.payload) payloads.push(frame.data.payload);
      if (frame.type === 'connected') {
        clearTimeout(timer);
        resolve();
      }
    });
    ws.on('error', reject);
  });
  return { payloads, close: () => ws.close() };
}
