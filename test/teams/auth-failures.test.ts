/**
 * Forged, unsigned and malformed Bot Connector tokens on /api/messages, with the Bot Framework's
 * signing keys unreachable and reachable: 401 when the token fails on its own, 503 when its keys
 * are needed but cannot be fetched, never a 500 with botbuilder's internals. Real HTTP throughout;
 * the keys are served by a small OpenID server on 127.0.0.1.
 */
import { createHmac, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamsChannel } from '../../src/channels/teams';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { createServer } from '../../src/server';

const APP_ID = '0b7c4a5e-0000-4000-8000-00000000b0e7';
const SERVICE_URL = 'http://127.0.0.1:9/';
const lines: string[] = [];
const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  while (closers.length) await closers.pop()!();
});

const served = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = () => {
  const now = Math.floor(Date.now() / 1000);
  return { iss: 'https://api.botframework.com', aud: APP_ID, serviceurl: SERVICE_URL, nbf: now - 60, exp: now + 600 };
};
function rs256(key: KeyObject, kid = 'key-1'): string {
  const body = `${b64({ alg: 'RS256', typ: 'JWT', kid })}.${b64(claims())}`;
  return `${body}.${createSign('RSA-SHA256').update(body).sign(key).toString('base64url')}`;
}
const forged = {
  'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`,
  HS256: (() => {
    const body = `${b64({ alg: 'HS256', typ: 'JWT', kid: 'key-1' })}.${b64(claims())}`;
    return `${body}.${createHmac('sha256', 'guessed').update(body).digest('base64url')}`;
  })(),
  malformed: 'not.a.jwt',
};

/** Never reached: authentication fails first, or the activity is one the bot does nothing with. */
const noHelpdesk = new Proxy({} as HelpdeskService, {
  get: (_t, prop) => {
    if (prop === 'then') return undefined;
    throw new Error(`helpdesk.${String(prop)} should not be called here`);
  },
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

/** An OpenID metadata document and its key set, as login.botframework.com publishes them. */
async function keyServer(): Promise<string> {
  const jwk = { ...served.publicKey.export({ format: 'jwk' }), kid: 'key-1', kty: 'RSA', use: 'sig' };
  let base = '';
  const server = createHttpServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/openid') res.end(JSON.stringify({ issuer: 'https://api.botframework.com', jwks_uri: `${base}/keys` }));
    else res.end(JSON.stringify({ keys: [jwk] }));
  });
  base = `http://127.0.0.1:${await listen(server)}`;
  return `${base}/openid`;
}

/** A port where nothing listens: the keys cannot be fetched (connection refused). */
async function closedPortUrl(): Promise<string> {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1/.well-known/openidconfiguration`;
}

async function bot(openIdMetadataUrl: string): Promise<(token?: string, type?: string) => Promise<{ status: number; body: string }>> {
  const teams = createTeamsChannel({ settings: { appId: APP_ID, appPassword: 'not-a-real-password', appType: 'MultiTenant', openIdMetadataUrl }, helpdesk: noHelpdesk, logger });
  const server = createServer({ port: 0, teams, health: async () => ({ ok: true }), logger, allowUnauthenticated: false });
  const { port } = await server.listen();
  closers.push(() => server.close());
  return async (token, type = 'message') => {
    const activity = { type, id: `a-${Math.random()}`, text: 'help', channelId: 'msteams', serviceUrl: SERVICE_URL, from: { id: '29:x' }, conversation: { id: 'a:1' }, recipient: { id: `28:${APP_ID}` } };
    const res = await fetch(`http://127.0.0.1:${port}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(activity),
    });
    return { status: res.status, body: await res.text() };
  };
}

describe('Bot Connector tokens while the signing keys cannot be fetched', () => {
  let post: Awaited<ReturnType<typeof bot>>;
  let keysUrl: string;
  beforeAll(async () => {
    keysUrl = await closedPortUrl();
    post = await bot(keysUrl);
  });

  it.each(Object.entries(forged))('%s: 401 before any key is needed', async (_name, token) => {
    const res = await post(token);
    expect(res.status).toBe(401);
    expect(res.body).toMatch(/^Unauthorized/);
  });

  it('no token at all: 401', async () => {
    expect((await post()).status).toBe(401);
  });

  it('an RS256 token (here with a signature nobody can check): 503 without internals; the cause is logged, the token is not', async () => {
    lines.length = 0;
    const token = rs256(stranger.privateKey);
    const res = await post(token);
    expect(res.status).toBe(503);
    expect(res.body).not.toMatch(/127\.0\.0\.1|request to|ECONNREFUSED|openid|fetch/i);
    const logged = lines.join('\n');
    expect(logged).toContain('signing keys cannot be fetched');
    expect(logged).toMatch(/ECONNREFUSED/);
    expect(logged).not.toContain(token.split('.')[2]);
  });
});

describe('Bot Connector tokens while the signing keys are reachable', () => {
  let post: Awaited<ReturnType<typeof bot>>;
  beforeAll(async () => {
    post = await bot(await keyServer());
  });

  it('an RS256 token signed with another key: 401', async () => {
    const res = await post(rs256(stranger.privateKey));
    expect(res.status).toBe(401);
    expect(res.body).toMatch(/^Unauthorized/);
  });

  it.each(Object.entries(forged))('%s: 401', async (_name, token) => {
    expect((await post(token)).status).toBe(401);
  });

  it('a token signed with the published key is accepted', async () => {
    // A typing activity needs nothing from the help desk or the connector: only authentication runs.
    expect((await post(rs256(served.privateKey), 'typing')).status).toBe(200);
  });
});
