/**
 * A real HTTP proxy in front of a fake site (the emulator) for tests of what a write does when its
 * answer is lost: the site acts on the request, and the client's connection is cut before the
 * answer reaches it, so the Graph client's own repeat of that request is real. A test may also act
 * just before a request reaches the site (`before`): make the site fail it, or change the ticket.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LossyProxy {
  url: string;
  /** The next request matching `METHOD /path` loses its answer after the site acted on it. */
  loseAnswer(request: RegExp): void;
  /** Runs before each request reaches the site. */
  before: ((method: string, url: string) => void) | undefined;
  close(): Promise<void>;
}

/** Starts the proxy on a free loopback port, in front of `target`. */
export async function startLossyProxy(target: string): Promise<LossyProxy> {
  let lose: RegExp | undefined;
  const proxy: LossyProxy = {
    url: '',
    before: undefined,
    loseAnswer: (request) => void (lose = request),
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      proxy.before?.(req.method ?? '', req.url ?? '');
      const cut = lose !== undefined && lose.test(`${req.method} ${req.url}`);
      if (cut) lose = undefined;
      // The Host header is kept: the site answers (tokens, links) for the address the client knows it by.
      const out = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        if (cut) {
          // The site acted and answered; the answer never reaches the client (a dropped connection).
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      // The site went away mid-request (the test is closing): the client sees a dropped connection.
      out.on('error', () => res.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
