/** Writing the emulator's answers, and the steps every Graph request passes before it is handled. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FAULT_ERRORS } from './faults';
import { GraphFail } from './items';
import type { ServerState } from './server';
import { checkBearer } from './token';

const MAX_BODY = 4 * 1024 * 1024;

/** Sends a JSON answer (or `raw` text) with Graph's request-id headers. */
export function send(res: ServerResponse, requestId: string, status: number, body?: unknown, headers: Record<string, string> = {}, raw?: string): void {
  const text = raw ?? (body === undefined ? '' : JSON.stringify(body));
  res.writeHead(status, {
    'request-id': requestId,
    'client-request-id': requestId,
    ...(!text ? {} : { 'content-type': 'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8' }),
    ...headers,
  });
  res.end(text);
}

/** Sends Graph's error body. */
export function sendGraphError(res: ServerResponse, requestId: string, status: number, code: string, message: string, headers?: Record<string, string>): void {
  send(res, requestId, status, { error: { code, message, innerError: { date: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), 'request-id': requestId, 'client-request-id': requestId } } }, headers);
}

/** The request body as text, refused above 4 MiB. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) reject(new GraphFail(413, 'requestTooLarge', 'The request body is too large.'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Counts the request under `route`, then applies latency and any pending fault (drop, hang,
 * status) and checks the bearer token unless `anonymous` (pre-authenticated upload URLs).
 * False when the request has been answered (or dropped) already.
 */
export async function admit(state: ServerState, req: IncomingMessage, res: ServerResponse, requestId: string, route: string, units: number, anonymous = false): Promise<boolean> {
  state.counters.bump(route);
  state.counters.charge(units);
  const finished = state.counters.begin();
  res.once('close', finished);
  const latency = state.latencyMs();
  if (latency > 0) await new Promise((r) => setTimeout(r, latency));
  if (state.faults.takeDrop()) {
    req.socket.destroy();
    return false;
  }
  const hangMs = state.faults.takeHang(route);
  if (hangMs > 0) {
    // A hung request ends early when its caller goes away (a killed bot), and then does nothing.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, hangMs);
      function done() {
        clearTimeout(timer);
        req.socket.off('close', done);
        resolve();
      }
      req.socket.once('close', done);
    });
  }
  // A caller that went away while the request hung (a killed bot) gets nothing done for it.
  if (req.socket.destroyed) return false;
  const fault = state.faults.take(route);
  if (fault) {
    const headers: Record<string, string> = fault.status === 429 || fault.status === 503 ? { 'retry-after': String(fault.retryAfterSeconds) } : {};
    const e = FAULT_ERRORS[fault.status];
    sendGraphError(res, requestId, fault.status, e.code, e.message, headers);
    return false;
  }
  if (anonymous) return true;
  const why = checkBearer(state.identity, req.headers.authorization);
  if (why) {
    sendGraphError(res, requestId, 401, 'InvalidAuthenticationToken', why, { 'www-authenticate': 'Bearer realm="", error="invalid_token"' });
    return false;
  }
  return true;
}
