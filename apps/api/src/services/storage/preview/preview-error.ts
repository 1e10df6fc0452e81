import { AppwriteError, argumentInvalid } from '../../../core/errors.ts';

export type PreviewErrorReason =
  /** The requested output format cannot be encoded by this server's libvips (heic: no HEVC encoder in sharp's prebuilt binary). */
  | 'output_unsupported'
  /** The image declares more pixels than the decompression-bomb guard allows. */
  | 'input_too_large'
  /** Decoding succeeded but the transform failed: a server-side fault. */
  | 'render_failed';

/** A preview that cannot be produced; `toAppwriteError()` gives the response the route should send. */
export class PreviewError extends Error {
  readonly reason: PreviewErrorReason;

  constructor(reason: PreviewErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PreviewError';
    this.reason = reason;
  }

  toAppwriteError(): AppwriteError {
    switch (this.reason) {
      case 'output_unsupported':
        return argumentInvalid('output', this.message);
      case 'input_too_large':
        return new AppwriteError('general_bad_request', this.message);
      case 'render_failed':
        return new AppwriteError('general_server_error', this.message);
    }
  }
}
