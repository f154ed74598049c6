/**
 * A loopback Slack Web API that misbehaves on purpose: channel CGONE answers channel_not_found
 * (the bot was removed), CBUSY answers HTTP 429 with Retry-After once, then accepts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlackFaults {
  apiUrl: string;
  /** Accepted chat.postMessage calls with the time they arrived. */
  accepted: { channel: string; text: string; at: number }[];
  /** Every call, accepted or refused. */
  attempts: { channel: string; at: number }[];
  close(): Promise<void>;
}

export async function startSlackFaults(retryAfterSeconds = 1): Promise<SlackFaults> {
  const accepted: SlackFaults['accepted'] = [];
  const attempts: SlackFaults['attempts'] = [];
  let busyOnce = true;
  let seq = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body: Record<string, string> = (req.headers['content-type'] ?? '').includes('json') ? JSON.parse(raw || '{}') : Object.fromEntries(new URLSearchParams(raw));
    const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    attempts.push({ channel: body.channel, at: Date.now() });
    if (body.channel === 'CGONE') return answer(200, { ok: false, error: 'channel_not_found' });
    if (body.channel === 'CBUSY' && busyOnce) {
      busyOnce = false;
      return answer(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(retryAfterSeconds) });
    }
    accepted.push({ channel: body.channel, text: body.text, at: Date.now() });
    answer(200, { ok: true, channel: body.channel, ts: `1700000000.${String(++seq).padStart(6, '0')}` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    accepted,
    attempts,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
