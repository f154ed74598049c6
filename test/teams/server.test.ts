import type { ConversationReference } from 'botbuilder';
import { afterEach, describe, expect, it } from 'vitest';
import { createTeamsChannel, type TeamsChannel } from '../../src/channels/teams';
import type { TeamsSettings } from '../../src/config';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { createServer, type ServerConfig } from '../../src/server';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';

const lines: string[] = [];
const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
  lines.length = 0;
});

/** These tests never reach the ticket service; any call would be a failure worth seeing. */
const unreachableHelpdesk = new Proxy({} as HelpdeskService, {
  get: (_t, prop) => {
    if (prop === 'then') return undefined;
    throw new Error(`helpdesk.${String(prop)} should not be called here`);
  },
});

function channel(settings: TeamsSettings = { appType: 'MultiTenant' }): TeamsChannel {
  return createTeamsChannel({ settings, helpdesk: unreachableHelpdesk, logger });
}

async function start(overrides: Partial<ServerConfig> = {}) {
  const server = createServer({
    port: 0,
    teams: channel(),
    health: async () => ({ ok: true }),
    logger,
    allowUnauthenticated: true,
    ...overrides,
  });
  const address = await server.listen();
  closers.push(() => server.close());
  return { ...address, url: `http://127.0.0.1:${address.port}` };
}

describe('HTTP server', () => {
  it('reports readiness on /readyz (503 with the reason when not ready) and liveness on /healthz (200 while serving)', async () => {
    let ok = true;
    const { url } = await start({ health: async () => (ok ? { ok } : { ok, detail: 'Graph answered 503' }) });
    const good = await fetch(`${url}/readyz`);
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ ok: true });
    ok = false;
    const bad = await fetch(`${url}/readyz`);
    expect(bad.status).toBe(503);
    expect(await bad.json()).toEqual({ ok: false, detail: 'Graph answered 503' });
    const live = await fetch(`${url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ live: true, ok: false, detail: 'Graph answered 503' });
  });

  it('a port already in use stops it with the settings to change', async () => {
    const { port } = await start();
    const second = createServer({ port, teams: channel(), health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
    await expect(second.listen()).rejects.toThrow(`cannot listen on HOST=127.0.0.1 PORT=${port}: something else already listens there (EADDRINUSE); change PORT or HOST`);
  });

  it('binds to loopback by default and says Teams accepts unauthenticated requests from this machine only', async () => {
    const { host } = await start();
    expect(host).toBe('127.0.0.1');
    const warnings = lines.map((l) => JSON.parse(l)).filter((e) => e.level === 40);
    expect(warnings.some((e) => /unauthenticated requests from this machine only/.test(e.msg))).toBe(true);
  });

  it('refuses an activity without a Bot Connector token when MicrosoftAppId is set (401, by botbuilder)', async () => {
    const teams = channel({
      appId: '0b7c4a5e-0000-4000-8000-00000000b0e7',
      appPassword: 'not-a-real-password',
      appType: 'MultiTenant',
    });
    const { url, host } = await start({ teams, allowUnauthenticated: false, host: '127.0.0.1' });
    expect(host).toBe('127.0.0.1');
    const activity = { type: 'message', text: 'help', channelId: 'msteams', serviceUrl: 'http://127.0.0.1:9/', from: { id: '29:x' }, conversation: { id: 'a:1' }, recipient: { id: '28:bot' } };
    const res = await fetch(`${url}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
    expect(res.status).toBe(401);
    const forged = await fetch(`${url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not.a.jwt' },
      body: JSON.stringify(activity),
    });
    expect(forged.status).toBe(401);
  });

  it('hands /slack/events the raw, unparsed body', async () => {
    let seen = '';
    const slack = {
      requestListener: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          seen = Buffer.concat(chunks).toString('utf8');
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end('ok');
        });
      },
    };
    const { url } = await start({ slack });
    const raw = 'payload=%7B%22type%22%3A%22block_actions%22%7D&x=1';
    const res = await fetch(`${url}/slack/events`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: raw });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    expect(seen).toBe(raw);
  });
});

describe('Proactive sends with the channel adapter (for notifications)', () => {
  let connector: FakeConnector;
  it('posts a card into a stored conversation and updates it in place', async () => {
    connector = await startFakeConnector();
    closers.push(() => connector.close());
    const teams = channel();
    const reference: Partial<ConversationReference> = {
      channelId: 'msteams',
      serviceUrl: connector.url,
      conversation: { id: '19:scrubbedGeneralChannel0000@thread.tacv2', isGroup: true, conversationType: 'channel', name: 'General' },
      bot: { id: '28:0b7c4a5e-0000-4000-8000-00000000b0e7', name: 'Help Desk' },
    };
    let postedId = '';
    await teams.adapter.continueConversationAsync(teams.appId, reference, async (context) => {
      const sent = await context.sendActivity('Ticket #12 was claimed by Dana Agent');
      postedId = sent?.id ?? '';
    });
    expect(connector.activities).toHaveLength(1);
    expect(connector.activities[0].conversationId).toBe('19:scrubbedGeneralChannel0000@thread.tacv2');
    await teams.adapter.continueConversationAsync(teams.appId, reference, async (context) => {
      await context.updateActivity({ id: postedId, type: 'message', text: 'Ticket #12 was resolved' });
    });
    expect(connector.updates).toHaveLength(1);
    expect(connector.updates[0]).toMatchObject({ activityId: postedId, activity: { text: 'Ticket #12 was resolved' } });
  });
});
