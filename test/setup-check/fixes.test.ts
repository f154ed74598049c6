/** The doctor's fix lines are built from what the error is (kind, status, codes), not by cutting its message apart. */
import { describe, expect, it } from 'vitest';
import { toGraphError } from '../../src/graph/map-error';
import { fixLine, type FixContext } from '../../src/setup-check/fixes';

const ctx: FixContext = { siteId: 'contoso.sharepoint.com,1,2', clientId: 'client', authUrl: 'https://login.example', graphUrl: 'https://graph.example', secretFromFile: false };

describe('fix lines', () => {
  it('a rejected secret names the provider’s own AADSTS code', () => {
    const err = toGraphError(401, { error: 'invalid_client', error_description: 'AADSTS7000222: The provided client secret keys are expired.' }, 'POST token', undefined, { source: 'token' });
    expect(err.kind).toBe('secret-rejected');
    expect(fixLine(err, ctx)).toMatch(/^401 AADSTS7000222: the client secret is wrong or rotated/);
  });

  it('throttling that asks for a long wait says how long, from the error’s Retry-After', () => {
    const err = toGraphError(429, { error: { code: 'tooManyRequests', message: 'slow down' } }, 'GET SD_Tickets/items', undefined, { retryAfterSeconds: 120 });
    expect(fixLine(err, ctx)).toMatch(/^429: Graph is throttling this app and asked to wait 120 s/);
  });

  it('an unreachable host keeps what went wrong, without the operation in front', () => {
    const err = toGraphError(0, undefined, 'GET SD_Tickets/items', undefined, { origin: 'https://graph.example', reason: 'ECONNREFUSED' });
    expect(fixLine(err, ctx)).toBe('cannot reach https://graph.example: ECONNREFUSED — check HELPDESK_GRAPH_URL (now https://graph.example) and that this machine can reach it (proxy, firewall)');
  });

  it('a host on one of fetch’s blocked ports is named as such from its port, whatever fetch’s words for it', () => {
    const blocked = { ...ctx, graphUrl: 'http://127.0.0.1:6000' };
    const err = toGraphError(0, undefined, 'GET SD_Tickets/items', undefined, { origin: 'http://127.0.0.1:6000', reason: 'fetch failed' });
    expect(fixLine(err, blocked)).toContain('its port 6000 is one that fetch never connects to');
    const open = toGraphError(0, undefined, 'GET SD_Tickets/items', undefined, { origin: 'http://127.0.0.1:6001', reason: 'bad port' });
    expect(fixLine(open, { ...ctx, graphUrl: 'http://127.0.0.1:6001' })).toContain('that this machine can reach it');
  });

  it('a problem on this machine is said as it is', () => {
    const err = toGraphError(0, undefined, 'POST token', undefined, { localProblem: 'cannot read the client secret file /x (ENOENT)' });
    expect(fixLine(err, ctx)).toBe('cannot read the client secret file /x (ENOENT)');
  });
});
