import WebSocket from 'ws';

export interface Frame {
  type: string;
  data: any;
}

/** A realtime socket opened by hand, keeping every frame it receives. */
export class LiveSocket {
  readonly frames: Frame[] = [];
  private readonly ws: WebSocket;

  constructor(url: string, options: { ca?: string } = {}) {
    this.ws = new WebSocket(url, options.ca ? { ca: options.ca } : {});
    this.ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as Frame));
    this.ws.on('error', () => {});
  }

  /** The first frame (from the start) that `test` accepts. */
  async frame(test: (frame: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.ws.terminate();
  }
}
