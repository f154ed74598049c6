import { ConfidentialClientApplication, type INetworkModule, type NetworkRequestOptions } from '@azure/msal-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { graph } from './helpers';

/**
 * The shape the Graph client uses: msal-node only accepts https authorities, so the authority
 * is the https form of the emulator's address and this network client sends it over plain http.
 */
function loopbackNetwork(emu: Emulator): INetworkModule {
  const httpsBase = emu.url.replace(/^http:/, 'https:');
  const send = async (method: 'GET' | 'POST', url: string, options?: NetworkRequestOptions) => {
    const res = await fetch(url.replace(httpsBase, emu.url), { method, headers: options?.headers, body: options?.body });
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    return { status: res.status, headers, body: (await res.json()) as never };
  };
  return {
    sendGetRequestAsync: (url, options) => send('GET', url, options),
    sendPostRequestAsync: (url, options) => send('POST', url, options),
  };
}

function client(emu: Emulator, secret: string): ConfidentialClientApplication {
  const host = new URL(emu.url).host;
  return new ConfidentialClientApplication({
    auth: {
      clientId: emu.clientId,
      clientSecret: secret,
      authority: `https://${host}/${emu.tenantId}`,
      knownAuthorities: [host],
    },
    system: { networkClient: loopbackNetwork(emu) },
  });
}

describe('msal-node against the emulator', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ seed: 'none' });
  });
  afterAll(() => emu.close());

  it('gets a token with client credentials that Graph calls accept, and caches it', async () => {
    const app = client(emu, emu.clientSecret);
    const scopes = [`${emu.url}/.default`];
    const result = await app.acquireTokenByClientCredential({ scopes });
    expect(result?.accessToken).toBeTruthy();
    expect(result?.tokenType).toBe('Bearer');
    expect((await graph(emu, result!.accessToken, 'SD_Tickets/items')).status).toBe(200);
    expect(emu.counters.get('GET openid-configuration')).toBe(1);
    expect(emu.counters.get('POST /token')).toBe(1);

    const again = await app.acquireTokenByClientCredential({ scopes });
    expect(again?.accessToken).toBe(result?.accessToken);
    expect(emu.counters.get('POST /token')).toBe(1);
  });

  it('surfaces AADSTS7000215 when the secret was rotated away', async () => {
    const app = client(emu, emu.clientSecret);
    emu.rotateSecret();
    await expect(app.acquireTokenByClientCredential({ scopes: [`${emu.url}/.default`] })).rejects.toMatchObject({
      errorCode: 'invalid_client',
      errorMessage: expect.stringContaining('AADSTS7000215'),
    });
  });
});
