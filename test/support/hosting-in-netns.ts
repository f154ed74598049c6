/**
 * Runs inside a private network namespace made by test/server-hosting.test.ts (`unshare -n`),
 * where a tun interface carries the test address 192.0.2.2: the server binds HOST=0.0.0.0 and
 * real requests to 192.0.2.2 arrive from a non-loopback address, without touching the machine's
 * own network. Prints one JSON line with what each request got and what the server logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLogger } from '../../src/log';
import { createServer, type TeamsEndpoint } from '../../src/server';

const OUTSIDE = process.argv[2] ?? '192.0.2.2';
const lines: string[] = [];
const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
let teamsCalls = 0;
const teams: TeamsEndpoint = {
  async handle(_req, res) {
    teamsCalls++;
    res.send(200, { handled: true });
  },
};
const slack = {
  requestListener: (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('slack ok');
  },
};
const activity = JSON.stringify({ type: 'message', text: 'help', channelId: 'msteams', from: { id: '29:x' }, conversation: { id: 'a:1' } });
const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: activity });

async function withServer<T>(allowUnauthenticated: boolean, fn: (port: number, host: string) => Promise<T>): Promise<T> {
  const server = createServer({ port: 0, host: '0.0.0.0', teams, slack, health: async () => ({ ok: true }), logger, allowUnauthenticated });
  const { port, host } = await server.listen();
  try {
    return await fn(port, host);
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const noAppId = await withServer(true, async (port, host) => {
    const far = `http://${OUTSIDE}:${port}`;
    const refused = await post(`${far}/api/messages`);
    const teamsFar = { status: refused.status, body: await refused.json(), calls: teamsCalls };
    const slackFar = await (await fetch(`${far}/slack/events`, { method: 'POST', body: 'x=1' })).text();
    const healthFar = (await fetch(`${far}/healthz`)).status;
    const nearStatus = (await post(`http://127.0.0.1:${port}/api/messages`)).status;
    return { host, teamsFar, slackFar, healthFar, near: { status: nearStatus, calls: teamsCalls } };
  });
  teamsCalls = 0;
  const withAppId = await withServer(false, async (port) => {
    const status = (await post(`http://${OUTSIDE}:${port}/api/messages`, { 'x-forwarded-for': '203.0.113.9' })).status;
    return { status, calls: teamsCalls };
  });
  process.stdout.write(`${JSON.stringify({ noAppId, withAppId, logs: lines.map((l) => JSON.parse(l)) })}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
