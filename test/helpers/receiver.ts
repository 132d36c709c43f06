import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers one request. */
export type Behaviour = 'ok' | 'fail' | 'redirect' | 'huge' | 'reset' | 'never' | { slowMs: number };

/**
 * A local webhook receiver: records every request and answers each path as told, one behaviour
 * after another (the last one repeats). Requests it never answers are closed by `close()`.
 */
export class Receiver {
  readonly received: Received[] = [];
  private readonly plans = new Map<string, Behaviour[]>();
  private readonly server: Server;
  private waiters: Array<() => void> = [];

  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
        for (const wake of this.waiters.splice(0)) wake();
        const plan = this.plans.get(path) ?? ['ok'];
        const behaviour = plan.length > 1 ? plan.shift()! : plan[0]!;
        if (behaviour === 'ok') response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
        else if (behaviour === 'fail') response.writeHead(500).end('receiver is down');
        else if (behaviour === 'redirect') response.writeHead(302, { location: 'https://elsewhere.example/hook' }).end();
        else if (behaviour === 'huge') response.writeHead(200).end(Buffer.alloc(5 * 1024 * 1024, 'x'));
        else if (behaviour === 'reset') request.socket.destroy();
        else if (behaviour === 'never') return;
        else setTimeout(() => response.writeHead(200).end('late'), behaviour.slowMs);
      });
    });
    this.server.keepAliveTimeout = 1_000;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string, host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${path}`;
  }

  plan(path: string, ...behaviours: Behaviour[]): void {
    this.plans.set(path, behaviours);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Resolves once `count` requests reached `path`. */
  async waitFor(path: string, count: number, timeoutMs = 20_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.at(path).length < count) {
      if (Date.now() > deadline) throw new Error(`${path}: ${this.at(path).length} of ${count} requests after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.at(path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
