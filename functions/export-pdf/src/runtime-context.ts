/** The context Appwrite's Node runtime (open-runtimes) passes to a function, as far as this one uses it. */
export interface RuntimeResponse {
  body: Uint8Array;
  statusCode: number;
  headers: Record<string, string>;
}

export interface RuntimeContext {
  req: {
    /** Parsed on access; throws when the body is not JSON. */
    readonly bodyJson: unknown;
    /** Lower-case names. */
    headers: Record<string, string | undefined>;
  };
  res: {
    json(body: unknown, statusCode?: number, headers?: Record<string, string>): RuntimeResponse;
    text(body: string, statusCode?: number, headers?: Record<string, string>): RuntimeResponse;
  };
  log(message: unknown): void;
  error(message: unknown): void;
}
