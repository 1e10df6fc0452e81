import type { CommittedEvent } from '../events/index.ts';

/** Server → client frames (appwrite-protocol §7.3). */

export function errorFrame(code: number, message: string): string {
  return JSON.stringify({ type: 'error', data: { code, message } });
}

export function responseFrame(data: Record<string, unknown>): string {
  return JSON.stringify({ type: 'response', data });
}

export const PONG_FRAME = JSON.stringify({ type: 'pong' });

/** An event ready to fan out: its parts serialized once, whatever the number of sockets. */
export interface PreparedEvent {
  channels: readonly string[];
  roles: readonly string[];
  /** What subscription queries filter on. */
  payload: Record<string, unknown>;
  /** The frame up to `channels`, which differ per socket. */
  head: string;
  /** The frame from `payload` on, before `subscriptions`. */
  body: string;
}

export function prepareEvent(event: CommittedEvent): PreparedEvent {
  return {
    channels: event.channels,
    roles: event.roles,
    payload: event.payload,
    head: `{"type":"event","data":{"events":${JSON.stringify(event.events)},"timestamp":${JSON.stringify(event.timestamp)},`,
    body: `"payload":${JSON.stringify(event.payload)}`,
  };
}

/** The event frame one socket receives: the channels it subscribed to and the ids of its matching subscriptions. */
export function eventFrame(event: PreparedEvent, channels: readonly string[], subscriptionIds: readonly string[]): string {
  return `${event.head}"channels":${JSON.stringify(channels)},${event.body},"subscriptions":${JSON.stringify(subscriptionIds)}}}`;
}
