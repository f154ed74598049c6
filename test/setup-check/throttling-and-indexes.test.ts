/** The doctor rides out short throttling like the bot, and names the columns the bot needs indexed. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type HelpdeskSettings } from '../../src/config';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator';
import { runDoctor } from '../../src/setup-check/run-doctor';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function site(options: EmulatorOptions = {}): Promise<{ emu: Emulator; settings: HelpdeskSettings }> {
  emu = await startEmulator({ seed: 'demo', ...options });
  const settings: HelpdeskSettings = {
    ...loadConfig({}).helpdesk,
    graphUrl: emu.url,
    authUrl: emu.url,
    agentEmailField: 'SD_Email',
    target: { kind: 'tenant', tenantId: emu.tenantId, clientId: emu.clientId, secret: { kind: 'inline', value: emu.clientSecret }, siteId: emu.siteId },
  };
  return { emu, settings };
}

describe('doctor under throttling', () => {
  it('waits out two 429s with Retry-After: 1 and a 500, says that it waited, and passes', async () => {
    const { emu, settings } = await site();
    emu.faults.inject(429, 2, { retryAfterSeconds: 1 });
    emu.faults.inject(500, 1);
    const started = Date.now();
    const result = await runDoctor(settings);
    expect(result.lines.filter((l) => l.startsWith('✖'))).toEqual([]);
    expect(result.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    const waits = result.lines.filter((l) => l.startsWith('ℹ GET SD_Tickets/items: Graph answered'));
    expect(waits).toEqual([
      'ℹ GET SD_Tickets/items: Graph answered 429 (throttling); waited 1 s as it asked and tried again',
      'ℹ GET SD_Tickets/items: Graph answered 429 (throttling); waited 1 s as it asked and tried again',
      expect.stringMatching(/^ℹ GET SD_Tickets\/items: Graph answered 500; waited [\d.]+ s and tried again$/),
    ]);
    // The notes come right before the verdict of the check they delayed.
    const verdict = result.lines.findIndex((l) => l.startsWith('✔ SD_Tickets: readable'));
    expect(result.lines.indexOf(waits[2])).toBe(verdict - 1);
  });

  it('does not wait out a Retry-After over 10 s, and says so', async () => {
    const { emu, settings } = await site();
    emu.faults.inject(429, 1, { retryAfterSeconds: 30 });
    const started = Date.now();
    const result = await runDoctor(settings);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.ok).toBe(false);
    expect(result.lines).toContainEqual(expect.stringMatching(/^✖ SD_Tickets: 429: Graph is throttling this app and asked to wait 30 s, longer than the doctor waits \(10 s\) — run the doctor again/));
  });
});

describe('doctor on indexes', () => {
  it('passes when every column the bot filters or orders on is indexed', async () => {
    const { settings } = await site();
    const result = await runDoctor(settings);
    expect(result.ok).toBe(true);
    expect(result.lines).toContainEqual(expect.stringMatching(/^✔ SD_Tickets: indexed: Modified, SD_Status, .*SD_SubmittedByEmail/));
    expect(result.lines).toContainEqual('✔ SD_Comments: indexed: SD_TicketId, Created (every column the bot filters or orders on)');
  });

  it('names each column the bot queries that is not indexed and how to index it', async () => {
    const { settings } = await site({ unindexed: { SD_Tickets: ['SD_Status', 'SD_SubmittedByEmail'], SD_Comments: ['SD_TicketId'] } });
    const result = await runDoctor(settings);
    expect(result.ok).toBe(false);
    const tickets = result.lines.find((l) => l.startsWith('✖ SD_Tickets: not indexed:'));
    expect(tickets).toContain('SD_Status ("Status"), used by queue and status lists');
    expect(tickets).toContain('SD_SubmittedByEmail ("Submitted By Email"), used by `mine`');
    expect(tickets).not.toContain('SD_Priority');
    expect(tickets).toContain('SD_Tickets › List settings › Indexed columns › Create a new index and index SD_Status, SD_SubmittedByEmail');
    expect(result.lines).toContainEqual(expect.stringMatching(/^✖ SD_Comments: not indexed: SD_TicketId .*cannot be referenced in filter or orderby as it is not indexed/));
    expect(result.lines).toContainEqual(expect.stringMatching(/^✔ SD_Agents: indexed: SD_IsActive/));
  });
});
