/**
 * A loopback Bot Connector that misbehaves on purpose: conversation 19:gone answers 403
 * BotNotInConversationRoster (the bot was removed), 19:busy answers 429 with Retry-After once.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TeamsFaults {
  url: string;
  accepted: { conversationId: string; at: number; activity: Record<string, any> }[];
  attempts: { conversationId: string; at: number }[];
  close(): Promise<void>;
}

export async function startTeamsFaults(retryAfterSeconds = 1): Promise<TeamsFaults> {
  const accepted: TeamsFaults['accepted'] = [];
  const attempts: TeamsFaults['attempts'] = [];
  let busyOnce = true;
  let seq = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const parts = new URL(req.url ?? '/', 'http://x').pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const conversationId = parts[2] ?? '';
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    attempts.push({ conversationId, at: Date.now() });
    if (conversationId.startsWith('19:gone')) {
      return answer(403, { error: { code: 'BotNotInConversationRoster', message: 'The bot is not part of the conversation roster.' } });
    }
    if (conversationId.startsWith('19:busy') && busyOnce) {
      busyOnce = false;
      return answer(429, { error: { code: 'TooManyRequests', message: 'Too many requests' } }, { 'retry-after': String(retryAfterSeconds) });
    }
    accepted.push({ conversationId, at: Date.now(), activity: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
    answer(200, { id: `act-${++seq}` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    accepted,
    attempts,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
