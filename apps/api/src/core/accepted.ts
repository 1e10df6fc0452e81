/** A handler's answer for work accepted now and done later: sent with 202 instead of the route's status. */
export class Accepted {
  readonly body: unknown;

  constructor(body: unknown) {
    this.body = body;
  }
}
