import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type HelpdeskSettings } from '../src/config';
import { startEmulator, type Emulator } from '../src/emulator';
import { runDoctor } from '../src/setup-check/run-doctor';

describe('doctor', () => {
  let emu: Emulator;
  const base = loadConfig({}).helpdesk;

  function settingsFor(overrides: Partial<{ siteId: string; secret: string }> = {}, extra: Partial<HelpdeskSettings> = {}): HelpdeskSettings {
    return {
      ...base,
      graphUrl: emu.url,
      authUrl: emu.url,
      agentEmailField: 'SD_Email',
      target: {
        kind: 'tenant',
        tenantId: emu.tenantId,
        clientId: emu.clientId,
        secret: { kind: 'inline', value: overrides.secret ?? emu.clientSecret },
        siteId: overrides.siteId ?? emu.siteId,
      },
      ...extra,
    };
  }

  beforeAll(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  afterAll(() => emu.close());

  it('passes against a healthy site and reports spaces', async () => {
    const written: string[] = [];
    const result = await runDoctor(settingsFor(), { write: (l) => written.push(l) });
    expect(result.lines).toEqual(written);
    expect(result.ok).toBe(true);
    expect(result.lines.filter((l) => l.startsWith('✖'))).toEqual([]);
    for (const list of ['SD_Tickets', 'SD_Comments', 'SD_Agents', 'SD_Assets']) {
      expect(result.lines.some((l) => l.startsWith(`✔ ${list}: readable; fields`))).toBe(true);
    }
    expect(result.lines).toContainEqual(expect.stringMatching(/^✔ token: /));
    expect(result.lines).toContainEqual(expect.stringMatching(/^✔ spaces: available/));
  });

  it('gives the Sites.Selected fix line for a site that is not granted', async () => {
    const other = 'contoso.sharepoint.com,00000000-0000-0000-0000-00000000000a,00000000-0000-0000-0000-00000000000b';
    const result = await runDoctor(settingsFor({ siteId: other }));
    expect(result.ok).toBe(false);
    expect(result.lines).toContainEqual(expect.stringContaining(`✖ SD_Tickets: 403: this app has no Sites.Selected grant on site ${other} — grant it with`));
    expect(result.lines).toContainEqual(expect.stringMatching(/^✔ token: /));
    expect(result.lines).toContainEqual('✖ SD_Comments, SD_Agents, SD_Assets: not checked (same failure)');
  });

  it('explains a rejected secret and skips the list checks', async () => {
    const result = await runDoctor(settingsFor({ secret: 'not-the-secret' }));
    expect(result.ok).toBe(false);
    expect(result.lines).toContainEqual(expect.stringContaining('✖ token: 401 AADSTS7000215: the client secret is wrong or rotated'));
    expect(result.lines).toContainEqual('✖ lists: not checked (no token)');
  });

  it('names a column the product needs but the site lacks', async () => {
    const result = await runDoctor(settingsFor({}, { agentEmailField: 'SD_NoSuchColumn' }));
    expect(result.ok).toBe(false);
    expect(result.lines).toContainEqual(expect.stringMatching(/^✖ SD_Agents: readable, but SD_NoSuchColumn not on any .* HELPDESK_AGENT_EMAIL_FIELD/));
  });

  it('says which sign-in address it cannot reach', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((r) => probe.close(r));
    const result = await runDoctor({ ...settingsFor(), authUrl: closed });
    expect(result.ok).toBe(false);
    expect(result.lines).toContainEqual(expect.stringContaining(`✖ token: cannot reach ${closed}: ECONNREFUSED — check HELPDESK_AUTH_URL`));
  });

  it('reports a status role that names a status the desk lacks, and still passes', async () => {
    const statusRoles = loadConfig({ HELPDESK_STATUS_DONE: 'Resolved,Closed,Erledigt' }).helpdesk.statusRoles;
    const result = await runDoctor(settingsFor({}, { statusRoles }));
    expect(result.lines).toContain('ℹ status roles: HELPDESK_STATUS_DONE names "Erledigt", which is not one of the statuses (HELPDESK_STATUSES); it is ignored');
    expect(result.ok).toBe(true);
  });

  it('checks the embedded site when no tenant is configured', async () => {
    const result = await runDoctor(base);
    expect(result.lines[0]).toMatch(/^ℹ HELPDESK_SITE_ID is not set: the bot would run on the embedded help-desk site/);
    expect(result.ok).toBe(true);
  });
});
