import { REALTIME_CODES, RealtimeError } from './realtime-error.ts';

/** Channels one subscription may name; Appwrite's SDKs send a handful. */
export const MAX_CHANNELS_PER_SUBSCRIPTION = 100;
const MAX_CHANNEL_LENGTH = 256;
const CHANNEL = /^[A-Za-z0-9_.\-*]+$/;

/**
 * Checks a client's channel list (from `channels[]` in the URL or a `subscribe` frame): dotted
 * names as Appwrite spells them. Unknown names are kept, as Appwrite does: nothing is published on them.
 */
export function readChannels(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  if (value.length > MAX_CHANNELS_PER_SUBSCRIPTION) {
    throw new RealtimeError(REALTIME_CODES.policyViolation, `A subscription may name at most ${MAX_CHANNELS_PER_SUBSCRIPTION} channels.`);
  }
  const channels = new Set<string>();
  for (const channel of value) {
    if (typeof channel !== 'string' || channel.length > MAX_CHANNEL_LENGTH || !CHANNEL.test(channel)) {
      throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
    }
    channels.add(channel);
  }
  return [...channels];
}

/** The channels of a gen A/B URL (`channels[]=…`, brackets literal or percent-encoded). */
export function channelsFromUrl(search: URLSearchParams): string[] {
  return search.getAll('channels[]').filter((channel) => channel !== '');
}
