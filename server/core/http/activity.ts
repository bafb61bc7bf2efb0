/**
 * Whether the server is answering requests: background work that holds the embedded database's one
 * connection for a while (its upkeep: VACUUM, ANALYZE) waits for a quiet moment. A request counts
 * from its arrival until its handler has answered; a stream's body (the change feed) does not count.
 */
export class Activity {
  private inFlight = 0;
  private lastAt = Date.now();

  /** Runs a request's handling, counted. */
  async during<T>(handle: () => Promise<T>): Promise<T> {
    this.inFlight++;
    this.lastAt = Date.now();
    try {
      return await handle();
    } finally {
      this.inFlight--;
      this.lastAt = Date.now();
    }
  }

  /** No request under way, and none answered for `ms`. */
  quietFor(ms: number, now = Date.now()): boolean {
    return this.inFlight === 0 && now - this.lastAt >= ms;
  }
}
