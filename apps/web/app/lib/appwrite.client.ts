import { Client, Databases } from 'appwrite';

/** An SDK client whose requests are cancelled by `signal` (the SDK itself takes no AbortSignal). */
class AbortableClient extends Client {
  constructor(private readonly signal: AbortSignal) {
    super();
  }

  override prepareRequest(...args: Parameters<Client['prepareRequest']>): ReturnType<Client['prepareRequest']> {
    const prepared = super.prepareRequest(...args);
    prepared.options.signal = this.signal;
    return prepared;
  }
}

/** Browser access to the API of the page's own origin, as the visitor. */
export function browserDatabases(projectId: string, signal: AbortSignal): Databases {
  return new Databases(new AbortableClient(signal).setEndpoint(`${location.origin}/v1`).setProject(projectId));
}
