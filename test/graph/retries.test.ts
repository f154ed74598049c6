import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../src/emulator';
import { isGraphError } from '../../src/graph/errors';
import { captureLogger, clientFor, emptyEmulator, failureOf, ticket } from './support';

describe('retries against injected faults', { timeout: 15_000 }, () => {
  let emu: Emulator;

  beforeAll(async () => {
    emu = await emptyEmulator();
    emu.data.bulkInsert('SD_Tickets', [ticket('one'), ticket('two')]);
  });
  afterAll(() => emu.close());
  beforeEach(() => {
    emu.faults.clear();
    emu.counters.reset();
  });

  it('waits out Retry-After on 429, then succeeds', async () => {
    const { logger, lines } = captureLogger();
    const client = clientFor(emu, { logger });
    await client.listPage('SD_Tickets', { top: 1 }); // token first, so only the list call is timed
    emu.counters.reset();
    emu.faults.inject(429, 1, { retryAfterSeconds: 1 });
    const started = Date.now();
    const page = await client.listPage('SD_Tickets', { top: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(page.items).toHaveLength(2);
    expect(emu.counters.get('GET SD_Tickets/items')).toBe(2);
    const warn = lines.map((l) => JSON.parse(l)).find((e) => e.level === 40 && e.status === 429);
    expect(warn.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(warn.operation).toBe('GET SD_Tickets/items');
  });

  it('honours Retry-After on 503 as well', async () => {
    const client = clientFor(emu);
    emu.faults.inject(503, 1, { retryAfterSeconds: 1 });
    const started = Date.now();
    await client.getItem('SD_Tickets', '1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(emu.counters.get('GET SD_Tickets/items/{id}')).toBe(2);
  });

  it('gives up at once when Retry-After is longer than it is willing to wait', async () => {
    const client = clientFor(emu);
    emu.faults.inject(429, 1, { retryAfterSeconds: 3600 });
    const started = Date.now();
    const err = await failureOf(() => client.listPage('SD_Tickets', {}));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(err).toMatchObject({ kind: 'throttled', status: 429, code: 'activityLimitReached' });
    expect(err.message).toContain('asked to wait 3600s');
  });

  it('backs off on 500, 502 and 504, then succeeds', async () => {
    const client = clientFor(emu);
    emu.faults.inject(500);
    emu.faults.inject(502);
    emu.faults.inject(504);
    const page = await client.listPage('SD_Tickets', {});
    expect(page.items).toHaveLength(2);
    expect(emu.counters.get('GET SD_Tickets/items')).toBe(4);
  });

  it('stops after maxAttempts on a permanent 500 and keeps the request-id', async () => {
    const { logger, lines } = captureLogger();
    const client = clientFor(emu, { logger, retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterSeconds: 5 } });
    emu.faults.inject(500, 50);
    const err = await failureOf(() => client.listPage('SD_Tickets', {}));
    expect(isGraphError(err, 'server')).toBe(true);
    expect(err).toMatchObject({ status: 500, code: 'generalException', operation: 'GET SD_Tickets/items' });
    expect(err.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(err.message).toContain('after 3 attempts');
    expect(emu.counters.get('GET SD_Tickets/items')).toBe(3);
    const entries = lines.map((l) => JSON.parse(l));
    expect(entries.filter((e) => e.level === 40)).toHaveLength(2);
    expect(entries.find((e) => e.level === 50).requestId).toBe(err.requestId);
    // The emulator's access tokens look like `emu.<base64url>`; none may reach the log.
    expect(lines.join('\n')).not.toMatch(/emu\.[A-Za-z0-9_-]{20,}/);
  });

  it('surfaces 412 as a conflict for the caller, without retrying', async () => {
    const client = clientFor(emu);
    const item = await client.getItem('SD_Tickets', '1');
    emu.faults.inject(412);
    const err = await failureOf(() => client.updateFields('SD_Tickets', '1', { SD_Status: 'Assigned' }, item.etag));
    expect(err).toMatchObject({ kind: 'conflict', status: 412, code: 'preconditionFailed' });
    expect(err.message).toContain('item 1 in SD_Tickets was changed by someone else');
    expect(emu.counters.get('PATCH SD_Tickets/items/{id}/fields')).toBe(1);
    expect(emu.data.get('SD_Tickets', '1')?.fields.SD_Status).toBe('New');
  });

  it('retries a read whose connection was dropped', async () => {
    const client = clientFor(emu);
    await client.getItem('SD_Tickets', '2');
    emu.counters.reset();
    emu.faults.dropConnections(2);
    const item = await client.getItem('SD_Tickets', '2');
    expect(item.fields.Title).toBe('two');
    expect(emu.counters.get('GET SD_Tickets/items/{id}')).toBe(3);
  });

  it('does not repeat a create whose connection dropped, so no ticket is filed twice', async () => {
    const client = clientFor(emu);
    await client.getItem('SD_Tickets', '2');
    const before = emu.data.count('SD_Tickets');
    emu.faults.dropConnections(1);
    const err = await failureOf(() => client.createItem('SD_Tickets', ticket('maybe filed')));
    expect(err).toMatchObject({ kind: 'network' });
    expect(err.message).toMatch(/cannot reach http:\/\/127\.0\.0\.1:\d+/);
    expect(emu.counters.get('POST SD_Tickets/items')).toBe(1);
    expect(emu.data.count('SD_Tickets')).toBe(before);
  });
});
