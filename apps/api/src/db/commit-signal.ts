/** Tells listeners, in this process, that a transaction has just committed (the event outbox wakes its readers on it). */
export class CommitSignal {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every commit until the returned function is called. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  committed(): void {
    for (const listener of this.listeners) listener();
  }
}
