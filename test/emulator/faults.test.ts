import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { graph, json, token, tokenResponse } from './helpers';

describe('emulator faults and counters', () => {
  let emu: Emulator;
  let bearer: string;
  beforeAll(async () => {
    emu = await startEmulator();
    bearer = await token(emu);
  });
  afterAll(() => emu.close());

  it('answers injected 429s with Retry-After, then recovers', async () => {
    emu.faults.inject(429, 2, { retryAfterSeconds: 7 });
    for (let i = 0; i < 2; i++) {
      const res = await graph(emu, bearer, 'SD_Tickets/items');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      const body = await json(res);
      expect(body.error.code).toBe('activityLimitReached');
      expect(body.error.innerError['request-id']).toBe(res.headers.get('request-id'));
    }
    expect((await graph(emu, bearer, 'SD_Tickets/items')).status).toBe(200);
  });

  it('answers an injected 500 once and 503 with a default Retry-After of 1', async () => {
    emu.faults.inject(500);
    emu.faults.inject(503);
    expect((await graph(emu, bearer, 'SD_Tickets/items')).status).toBe(500);
    const unavailable = await graph(emu, bearer, 'SD_Tickets/items');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('1');
    expect((await graph(emu, bearer, 'SD_Tickets/items')).status).toBe(200);
  });

  it('does not spend faults on token requests', async () => {
    emu.faults.inject(500);
    expect((await tokenResponse(emu)).status).toBe(200);
    expect((await graph(emu, bearer, 'SD_Tickets/items')).status).toBe(500);
  });

  it('drops a connection without an answer', async () => {
    emu.faults.dropConnections(1);
    await expect(graph(emu, bearer, 'SD_Tickets/items')).rejects.toThrow();
    expect((await graph(emu, bearer, 'SD_Tickets/items')).status).toBe(200);
  });

  it('answers an injected token fault, and a hung request only after its delay', async () => {
    emu.faults.injectToken(503);
    const refused = await tokenResponse(emu);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await tokenResponse(emu)).status).toBe(200);

    emu.faults.hang(300);
    const started = Date.now();
    const slow = graph(emu, bearer, 'SD_Tickets/items');
    // A request sent after the hung one is not held by it: only the first request hangs.
    expect((await graph(emu, bearer, 'SD_Tickets/items')).status).toBe(200);
    expect((await slow).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('clears pending faults', async () => {
    emu.faults.inject(502, 3);
    emu.faults.clear();
    expect((await graph(emu, bearer, 'SD_Tickets/items')).status).toBe(200);
  });

  it('counts requests per route, faults included', async () => {
    emu.counters.reset();
    emu.faults.inject(429);
    await graph(emu, bearer, 'SD_Tickets/items');
    await graph(emu, bearer, 'SD_Tickets/items?$expand=fields');
    await graph(emu, bearer, 'SD_Tickets/items/1?$expand=fields');
    await graph(emu, bearer, 'SD_Tickets/items/1/fields', { method: 'PATCH', body: JSON.stringify({ SD_Priority: 'High' }) });
    await graph(emu, bearer, 'SD_Comments/items', { method: 'POST', body: JSON.stringify({ fields: { Title: 'hi', SD_TicketId: 1 } }) });
    await tokenResponse(emu);
    expect(emu.counters.get('GET SD_Tickets/items')).toBe(2);
    expect(emu.counters.get('GET SD_Tickets/items/{id}')).toBe(1);
    expect(emu.counters.get('PATCH SD_Tickets/items/{id}/fields')).toBe(1);
    expect(emu.counters.get('POST SD_Comments/items')).toBe(1);
    expect(emu.counters.get('POST /token')).toBe(1);
    expect(emu.counters.all()).toEqual({
      'GET SD_Tickets/items': 2, 'GET SD_Tickets/items/{id}': 1, 'PATCH SD_Tickets/items/{id}/fields': 1, 'POST SD_Comments/items': 1, 'POST /token': 1,
    });
    emu.counters.reset();
    expect(emu.counters.get('GET SD_Tickets/items')).toBe(0);
  });
});
