import { describe, expect, it } from 'vitest';
import { toGraphError } from '../../src/graph/map-error';
import { backoffMs, parseRetryAfter, type RetryConfig } from '../../src/graph/retry';

const retry: RetryConfig = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterSeconds: 30 };

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('backs off exponentially with full jitter under the ceiling', () => {
    expect(backoffMs(1, retry, () => 1)).toBe(100);
    expect(backoffMs(3, retry, () => 1)).toBe(400);
    expect(backoffMs(10, retry, () => 1)).toBe(1000);
    expect(backoffMs(3, retry, () => 0)).toBe(0);
  });
});

describe('toGraphError', () => {
  const body = (code: string, message: string) => ({ error: { code, message, innerError: { 'request-id': 'rid-1', date: '2026-01-01T00:00:00' } } });

  it('keeps Graph code, message and request-id', () => {
    const err = toGraphError(500, body('generalException', 'boom'), 'GET SD_Tickets/items', undefined, { attempts: 4 });
    expect(err).toMatchObject({ kind: 'server', status: 500, code: 'generalException', requestId: 'rid-1', operation: 'GET SD_Tickets/items' });
    expect(err.message).toContain('after 4 attempts');
    expect(err.message).toContain('boom');
    expect(err.message).toContain('rid-1');
  });

  it('names the list or the item on 404', () => {
    expect(toGraphError(404, body('itemNotFound', 'List not found'), 'GET x', undefined, { list: 'Tickets' }).message).toContain('list Tickets not found — check the list name');
    expect(toGraphError(404, body('itemNotFound', 'The resource could not be found.'), 'GET x', undefined, { list: 'SD_Tickets', itemId: '42' }).message).toContain(
      'item 42 not found in SD_Tickets',
    );
    const wrongList = toGraphError(404, body('itemNotFound', "List 'Tickets' does not exist at site"), 'GET x', undefined, { list: 'Tickets', itemId: '1' });
    expect(wrongList.message).toContain('list Tickets not found');
  });

  it('says which site is not granted on 403 and maps etag clashes to conflict', () => {
    const forbidden = toGraphError(403, body('accessDenied', 'Access denied'), 'GET x', undefined, { siteId: 'other,1,2' });
    expect(forbidden.kind).toBe('forbidden');
    expect(forbidden.message).toContain('Sites.Selected grant on site other,1,2');
    expect(toGraphError(412, body('preconditionFailed', 'etag'), 'PATCH x').kind).toBe('conflict');
    expect(toGraphError(409, body('conflict', 'etag'), 'PATCH x').kind).toBe('conflict');
    expect(toGraphError(400, body('invalidRequest', 'bad filter'), 'GET x').kind).toBe('bad-request');
  });

  it('tells the admin how to rotate a rejected secret', () => {
    const err = toGraphError(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' }, 'POST token', undefined, {
      source: 'token',
      secretFromFile: true,
    });
    expect(err.kind).toBe('secret-rejected');
    expect(err.message).toContain('Integrations › Public API › Rotate secret');
    expect(err.message).toContain('HELPDESK_CLIENT_SECRET_FILE');
  });

  it('takes the request-id from the header when the body has none', () => {
    const err = toGraphError(503, 'Service Unavailable', 'GET x', new Headers({ 'request-id': 'hdr-9' }));
    expect(err).toMatchObject({ kind: 'throttled', requestId: 'hdr-9' });
  });
});
