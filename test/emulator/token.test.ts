import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { graph, json, token, tokenResponse } from './helpers';

describe('emulator identity endpoint', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  afterAll(() => emu.close());

  it('issues a bearer token for the registered client', async () => {
    const res = await tokenResponse(emu);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3599);
    expect(typeof body.access_token).toBe('string');
    expect(body.access_token.length).toBeGreaterThan(20);
  });

  it('refuses a wrong secret with 401 invalid_client and AADSTS7000215', async () => {
    const res = await tokenResponse(emu, 'not-the-secret');
    expect(res.status).toBe(401);
    const body = await json(res);
    expect(body.error).toBe('invalid_client');
    expect(body.error_codes).toEqual([7000215]);
    expect(body.error_description).toMatch(/^AADSTS7000215: Invalid client secret provided/);
    expect(body.trace_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an unknown client id and an unknown tenant', async () => {
    const badClient = await tokenResponse(emu, emu.clientSecret, { client_id: '11111111-2222-3333-4444-555555555555' });
    expect(badClient.status).toBe(400);
    expect(await json(badClient)).toMatchObject({ error: 'unauthorized_client', error_codes: [700016] });
    const badTenant = await fetch(`${emu.url}/not-a-tenant/oauth2/v2.0/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: emu.clientId, client_secret: emu.clientSecret, scope: 'x/.default' }),
    });
    expect(badTenant.status).toBe(400);
    expect((await json(badTenant)).error_codes).toEqual([90002]);
  });

  it('insists on a /.default scope for this graph service', async () => {
    const res = await tokenResponse(emu, emu.clientSecret, { scope: 'Sites.Read.All' });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe('invalid_scope');
    const elsewhere = await tokenResponse(emu, emu.clientSecret, { scope: 'https://management.azure.com/.default' });
    expect(elsewhere.status).toBe(400);
    expect((await json(elsewhere)).error_codes).toEqual([500011]);
    expect((await tokenResponse(emu, emu.clientSecret, { scope: 'https://graph.microsoft.com/.default' })).status).toBe(200);
  });

  it('stops accepting the old secret the moment it is rotated', async () => {
    const old = emu.clientSecret;
    const fresh = emu.rotateSecret();
    expect(fresh).not.toBe(old);
    const withOld = await tokenResponse(emu, old);
    expect(withOld.status).toBe(401);
    expect((await json(withOld)).error_codes).toEqual([7000215]);
    expect((await tokenResponse(emu, fresh)).status).toBe(200);
  });

  it('answers 401 InvalidAuthenticationToken without, with an unknown, or with an expired token', async () => {
    const none = await graph(emu, undefined, 'SD_Tickets/items');
    expect(none.status).toBe(401);
    expect((await json(none)).error.code).toBe('InvalidAuthenticationToken');
    expect((await graph(emu, 'made-up', 'SD_Tickets/items')).status).toBe(401);

    const good = await token(emu);
    expect((await graph(emu, good, 'SD_Tickets/items')).status).toBe(200);
    emu.expireTokens();
    const expired = await graph(emu, good, 'SD_Tickets/items');
    expect(expired.status).toBe(401);
    expect((await json(expired)).error.message).toMatch(/expired/);
  });

  it('honours a short token lifetime', async () => {
    emu.setTokenLifetime(1);
    const res = await tokenResponse(emu);
    const body = await json(res);
    expect(body.expires_in).toBe(1);
    // Wait for the condition (the token has expired), not for a fixed time; the deadline makes a token that never expires fail.
    const deadline = Date.now() + 10_000;
    let status = 0;
    while ((status = (await graph(emu, body.access_token, 'SD_Tickets/items')).status) !== 401 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    emu.setTokenLifetime(3599);
  });

  it('serves an OpenID configuration whose endpoints sit on the https form of its own address', async () => {
    const res = await fetch(`${emu.url}/${emu.tenantId}/v2.0/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const body = await json(res);
    const httpsBase = emu.url.replace('http://', 'https://');
    expect(body.token_endpoint).toBe(`${httpsBase}/${emu.tenantId}/oauth2/v2.0/token`);
    expect(body.issuer).toBe(`${httpsBase}/${emu.tenantId}/v2.0`);
    expect(body.jwks_uri).toBeTruthy();
    expect(body.authorization_endpoint).toBeTruthy();
    const otherTenant = await fetch(`${emu.url}/00000000-0000-0000-0000-000000000000/v2.0/.well-known/openid-configuration`);
    expect(otherTenant.status).toBe(400);
    expect((await json(otherTenant)).error_codes).toEqual([90002]);
  });
});
