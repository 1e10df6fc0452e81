/**
 * Appwrite's realtime error codes (appwrite-protocol §7.3): sent as an `error` frame; during the
 * handshake, or when the code is 1008, the socket is then closed with the same code.
 */
export const REALTIME_CODES = {
  /** The client should not retry: unknown project, foreign origin, more subscriptions than allowed. */
  policyViolation: 1008,
  /** A frame that is not JSON, an unknown type, a bad payload or session. */
  messageInvalid: 1003,
  /** Too many connections or messages: the client may retry later. */
  tooMany: 1013,
} as const;

export type RealtimeCode = (typeof REALTIME_CODES)[keyof typeof REALTIME_CODES];

export class RealtimeError extends Error {
  readonly code: RealtimeCode;

  constructor(code: RealtimeCode, message: string) {
    super(message);
    this.code = code;
  }
}
