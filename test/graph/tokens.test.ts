import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator';
import { sharedTokenSource } from '../../src/graph/token';
import { captureLogger, clientFor, emptyEmulator, failureOf, ticket } from './support';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function start(options: Parameters<typeof emptyEmulator>[0] = {}): Promise<Emulator> {
  emu = await emptyEmulator(options);
  emu.data.bulkInsert('SD_Tickets', [ticket('one'), ticket('two')]);
  return emu;
}

function secretFile(value: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'graph-secret-')), 'client-secret');
  writeFileSync(file, `${value}\n`);
  return file;
}

describe('token reuse and renewal', () => {
  it('asks for one token for many calls, sequential or concurrent', async () => {
    const e = await start();
    const client = clientFor(e);
    await Promise.all(Array.from({ length: 10 }, () => client.getItem('SD_Tickets', '1')));
    for (let i = 0; i < 40; i++) await client.listPage('SD_Tickets', { top: 1 });
    expect(client.tokenRequests).toBe(1);
    expect(e.counters.get('POST /token')).toBe(1);
    expect(e.counters.get('GET SD_Tickets/items') + e.counters.get('GET SD_Tickets/items/{id}')).toBe(50);
  });

  it('renews the token before it expires (MSAL renews 300 s ahead) and keeps working', async () => {
    const e = await start({ tokenLifetimeSeconds: 303 });
    const client = clientFor(e);
    await client.getItem('SD_Tickets', '1');
    await client.getItem('SD_Tickets', '1');
    expect(client.tokenRequests).toBe(1);
    await new Promise((r) => setTimeout(r, 4200));
    const item = await client.getItem('SD_Tickets', '2');
    expect(item.fields.Title).toBe('two');
    expect(client.tokenRequests).toBe(2);
    // Renewal happened before Graph ever refused the old token.
    expect(e.counters.get('GET SD_Tickets/items/{id}')).toBe(3);
  }, 20_000);

  it('after a 401 from Graph, fetches one fresh token and retries once', async () => {
    const e = await start();
    const client = clientFor(e);
    await client.getItem('SD_Tickets', '1');
    e.expireTokens();
    const item = await client.getItem('SD_Tickets', '2');
    expect(item.id).toBe('2');
    expect(client.tokenRequests).toBe(2);
    expect(e.counters.get('GET SD_Tickets/items/{id}')).toBe(3);
  });

  it('gives up as auth when Graph refuses even the fresh token', async () => {
    const e = await start({ tokenLifetimeSeconds: 0 });
    const client = clientFor(e);
    const err = await failureOf(() => client.getItem('SD_Tickets', '1'));
    expect(err).toMatchObject({ kind: 'auth', status: 401, code: 'InvalidAuthenticationToken' });
    expect(err.message).toContain('even after a fresh one');
    expect(e.counters.get('GET SD_Tickets/items/{id}')).toBe(2);
  });

  it('rides out a token endpoint that answers 503 for a while, and names it when it does not recover', async () => {
    const e = await start();
    const client = clientFor(e);
    e.faults.injectToken(503, 2);
    const item = await client.getItem('SD_Tickets', '1');
    expect(item.id).toBe('1');
    expect(e.counters.get('POST /token')).toBe(3);

    const other = await start();
    const failing = clientFor(other);
    other.faults.injectToken(503, 50);
    const err = await failureOf(() => failing.getItem('SD_Tickets', '1'));
    expect(err).toMatchObject({ kind: 'throttled', status: 503 });
    expect(other.counters.get('GET SD_Tickets/items/{id}')).toBe(0);
  });

  it('shares one token between clients with the same credentials', async () => {
    const e = await start();
    const tokens = (secret: string) =>
      sharedTokenSource({ graphUrl: e.url, authUrl: e.url, tenantId: e.tenantId, clientId: e.clientId, secret: { kind: 'inline', value: secret }, logger: captureLogger().logger });
    const a = clientFor(e, { tokens: tokens(e.clientSecret) });
    const b = clientFor(e, { tokens: tokens(e.clientSecret) });
    await a.getItem('SD_Tickets', '1');
    await b.getItem('SD_Tickets', '2');
    expect(e.counters.get('POST /token')).toBe(1);
    // Different credentials never borrow that token.
    const other = clientFor(e, { tokens: tokens('another-secret') });
    await expect(other.getItem('SD_Tickets', '1')).rejects.toMatchObject({ kind: 'secret-rejected' });
  });
});

describe('secret rotation', () => {
  it('picks up a rotated secret from the file on the next call, no restart', async () => {
    const e = await start();
    const file = secretFile(e.clientSecret);
    const { logger, lines } = captureLogger();
    const client = clientFor(e, { secret: { kind: 'file', path: file }, logger });
    await client.getItem('SD_Tickets', '1');

    const fresh = e.rotateSecret();
    e.expireTokens(); // the old token would otherwise still be served from cache
    writeFileSync(file, `${fresh}\n`);
    const item = await client.getItem('SD_Tickets', '2');
    expect(item.fields.Title).toBe('two');
    // 1 first token, 1 forced after the 401 (old secret, rejected), 1 with the new secret.
    expect(client.tokenRequests).toBe(3);
    expect(lines.join('\n')).not.toContain(fresh);
  });

  it('says how to rotate when the file still holds the rejected secret', async () => {
    const e = await start();
    const old = e.clientSecret;
    const file = secretFile(old);
    const { logger, lines } = captureLogger();
    const client = clientFor(e, { secret: { kind: 'file', path: file }, logger });
    await client.getItem('SD_Tickets', '1');
    const fresh = e.rotateSecret();
    e.expireTokens();
    const err = await failureOf(() => client.getItem('SD_Tickets', '1'));
    expect(err).toMatchObject({ kind: 'secret-rejected' });
    expect(err.message).toContain('AADSTS7000215');
    expect(err.message).toContain('Integrations › Public API › Rotate secret');
    expect(err.message).toContain('HELPDESK_CLIENT_SECRET_FILE');
    const logged = lines.join('\n');
    expect(logged).toContain('secret-rejected');
    expect(logged).not.toContain(old);
    expect(logged).not.toContain(fresh);
  });

  it('says which secret file it cannot read', async () => {
    const e = await start();
    const file = secretFile(e.clientSecret);
    const client = clientFor(e, { secret: { kind: 'file', path: `${file}.missing` } });
    const err = await failureOf(() => client.listPage('SD_Tickets', {}));
    expect(err).toMatchObject({ kind: 'auth' });
    expect(err.message).toContain(`cannot read the client secret file ${file}.missing (ENOENT) — check HELPDESK_CLIENT_SECRET_FILE`);
  });

  it('rejects a wrong inline secret with the same advice', async () => {
    const e = await start();
    const client = clientFor(e, { secret: { kind: 'inline', value: 'wrong-secret' } });
    const err = await failureOf(() => client.listPage('SD_Tickets', {}));
    expect(err).toMatchObject({ kind: 'secret-rejected' });
    expect(err.message).toContain('HELPDESK_CLIENT_SECRET_FILE');
    expect(e.counters.get('GET SD_Tickets/items')).toBe(0);
  });

  it('passes on the identity provider\'s reason for an unknown tenant or app', async () => {
    const e = await start();
    const stranger = '11111111-2222-3333-4444-555555555555';
    const wrongTenant = await failureOf(() => clientFor(e, { tenantId: stranger }).listPage('SD_Tickets', {}));
    expect(wrongTenant).toMatchObject({ kind: 'auth' });
    expect(wrongTenant.message).toContain(`AADSTS90002: Tenant '${stranger}' not found`);
    const wrongApp = await failureOf(() => clientFor(e, { clientId: stranger }).listPage('SD_Tickets', {}));
    expect(wrongApp).toMatchObject({ kind: 'auth', code: 'unauthorized_client' });
    expect(wrongApp.message).toContain('AADSTS700016');
  });

  it('names the unreachable sign-in address', async () => {
    const e = await start();
    // A loopback port that was free a moment ago: nothing listens there now.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((r) => probe.close(r));
    const client = clientFor(e, { authUrl: closed });
    const err = await failureOf(() => client.listPage('SD_Tickets', {}));
    expect(err).toMatchObject({ kind: 'network' });
    expect(err.message).toContain(`cannot reach ${closed}: ECONNREFUSED`);
  });
});
