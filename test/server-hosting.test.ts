/**
 * Slack-only hosting: HOST opens the server to other machines, and without a MicrosoftAppId the
 * Teams route answers this machine only. Real requests over real sockets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log';
import { createServer, isLoopbackAddress, type ServerConfig, type TeamsEndpoint } from '../src/server';

const lines: string[] = [];
const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
  lines.length = 0;
});

/** A non-loopback IPv4 address of this machine: a request to it arrives from that address, not 127.0.0.1. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

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

async function start(overrides: Partial<ServerConfig>) {
  const server = createServer({ port: 0, teams, slack, health: async () => ({ ok: true }), logger, allowUnauthenticated: true, ...overrides });
  const address = await server.listen();
  closers.push(() => server.close());
  return address;
}

const activity = JSON.stringify({ type: 'message', text: 'help', channelId: 'msteams', from: { id: '29:x' }, conversation: { id: 'a:1' } });
const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: activity });

describe('HOST and the Teams route without MicrosoftAppId', () => {
  it('tells loopback addresses from others, IPv4-mapped included', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '10.0.0.1', '', undefined]) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it.skipIf(!outside && !process.env.CI)('on a non-loopback HOST serves Slack and /healthz to other machines and refuses them Teams', async () => {
    // Under CI a machine with no non-loopback address fails here instead of skipping.
    expect(outside, 'this machine has no non-loopback IPv4 address to test from').toBeDefined();
    const { port, host } = await start({ host: '0.0.0.0' });
    expect(host).toBe('0.0.0.0');
    const far = `http://${outside}:${port}`;
    teamsCalls = 0;

    const refused = await post(`${far}/api/messages`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/no MicrosoftAppId/);
    expect(teamsCalls).toBe(0);
    expect(lines.map((l) => JSON.parse(l)).some((e) => e.level === 40 && e.remoteAddress === outside && /Refused a Teams request/.test(e.msg))).toBe(true);

    const slackRes = await fetch(`${far}/slack/events`, { method: 'POST', body: 'x=1' });
    expect(await slackRes.text()).toBe('slack ok');
    expect((await fetch(`${far}/healthz`)).status).toBe(200);

    // The same server still serves Teams to this machine (the Playground).
    const near = await post(`http://127.0.0.1:${port}/api/messages`);
    expect(near.status).toBe(200);
    expect(teamsCalls).toBe(1);
  });

  it('refuses a loopback request that came through a proxy, since a local proxy makes everyone look local', async () => {
    const { port } = await start({});
    teamsCalls = 0;
    for (const header of <Record<string, string>[]>[{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }]) {
      expect((await post(`http://127.0.0.1:${port}/api/messages`, header)).status).toBe(403);
    }
    expect(teamsCalls).toBe(0);
  });

  it.skipIf(!outside && !process.env.CI)('leaves Teams open to every caller once MicrosoftAppId is set (botbuilder checks the token then)', async () => {
    expect(outside, 'this machine has no non-loopback IPv4 address to test from').toBeDefined();
    const { port } = await start({ host: '0.0.0.0', allowUnauthenticated: false });
    teamsCalls = 0;
    expect((await post(`http://${outside}:${port}/api/messages`, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
    expect(teamsCalls).toBe(1);
  });
});
