/** Shared helpers for the emulator tests: a token and a Graph call over real HTTP. */
import type { Emulator } from '../../src/emulator';

/** Gets an access token from the emulator's token endpoint with the given secret. */
export async function tokenResponse(emu: Emulator, secret = emu.clientSecret, extra: Record<string, string> = {}): Promise<Response> {
  return fetch(`${emu.url}/${emu.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials', client_id: emu.clientId, client_secret: secret, scope: `${emu.url}/.default`, ...extra,
    }),
  });
}

/** A good access token. */
export async function token(emu: Emulator): Promise<string> {
  const res = await tokenResponse(emu);
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}

/** Calls a list path (`SD_Tickets/items?...`) under the emulator's site with a bearer token. */
export async function graph(emu: Emulator, bearer: string | undefined, pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${emu.url}/v1.0/sites/${emu.siteId}/lists/${pathAndQuery}`, { ...init, headers });
}

/** Reads JSON from a Graph response. */
export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A filter as it goes in a query string. */
export function q(filter: string): string {
  return encodeURIComponent(filter);
}
