/** `npm run doctor` on the ticket schema: where values come from, a setting to delete, held values and column types the bot cannot write. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type HelpdeskSettings } from '../../src/config';
import { startEmulator, type Emulator } from '../../src/emulator';
import { runDoctor } from '../../src/setup-check/run-doctor';

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

/** The doctor's settings for the emulator, from an environment as an admin writes it. */
function settingsFor(e: Emulator, env: Record<string, string> = {}): HelpdeskSettings {
  return {
    ...loadConfig(env).helpdesk,
    graphUrl: e.url,
    authUrl: e.url,
    target: { kind: 'tenant', tenantId: e.tenantId, clientId: e.clientId, secret: { kind: 'inline', value: e.clientSecret }, siteId: e.siteId },
  };
}

const schemaLines = (lines: string[]) => lines.filter((l) => l.includes('ticket schema'));

describe('doctor: ticket schema', () => {
  it('says where each value set comes from and which extra columns forms show, and passes on the demo site', async () => {
    emu = await startEmulator({ seed: 'demo' });
    const result = await runDoctor(settingsFor(emu, { HELPDESK_FORM_EXCLUDE: 'SD_Nothing' }));
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const [line] = schemaLines(result.lines);
    expect(line).toMatch(/^✔ ticket schema: priority from the site's SD_Priority choices \(Low, Normal, High, Urgent\); category from HELPDESK_CATEGORIES/);
    expect(line).toMatch(/required: Title; extra fields on forms and cards: SD_Location \("Location", choice\)$/);
  });

  it('names a setting the site overrides and disagrees with, to delete it, and a value tickets hold that is no longer a choice', async () => {
    emu = await startEmulator({ seed: 'demo' });
    // Demo tickets hold Urgent; the site owner takes it out of the choices.
    emu.columns.removeChoice('SD_Tickets', 'SD_Priority', 'Urgent');
    const result = await runDoctor(settingsFor(emu, { HELPDESK_PRIORITIES: 'Low,Normal,High,Urgent', HELPDESK_HIGH_PRIORITIES: 'Urgent', HELPDESK_CATEGORIES: 'A,B' }));
    expect(result.ok).toBe(false);
    const lines = schemaLines(result.lines);
    expect(lines).toContainEqual(expect.stringMatching(/^✖ ticket schema: HELPDESK_PRIORITIES \(Low, Normal, High, Urgent\) disagrees with the choices of the site's SD_Priority column \(Low, Normal, High\); the site's choices are used, so delete HELPDESK_PRIORITIES$/));
    // SD_Category is a text column on this site: HELPDESK_CATEGORIES is the one in use, nothing to delete.
    expect(lines.some((l) => l.includes('delete HELPDESK_CATEGORIES'))).toBe(false);
    // Urgent is the only high priority configured, and the site no longer has it.
    expect(lines).toContainEqual(expect.stringMatching(/^✖ ticket schema: HELPDESK_HIGH_PRIORITIES names "Urgent", which is not among the choices of the site's SD_Priority column/));
    expect(lines).toContainEqual(expect.stringMatching(/^ℹ ticket schema: \d+ of the \d+ sampled tickets hold "Urgent" in SD_Priority, which is not among its choices/));
  });

  it('tells of values an extra column whose type changed no longer fits, without failing', async () => {
    emu = await startEmulator({ seed: 'demo' });
    // Demo tickets hold HQ, Branch office, Remote in the demo's choice column; the site owner makes it a number.
    emu.columns.define('SD_Tickets', 'SD_Location', { type: 'number' });
    const result = await runDoctor(settingsFor(emu));
    expect(result.ok, result.lines.join('\n')).toBe(true);
    expect(schemaLines(result.lines)).toContainEqual(expect.stringMatching(/^ℹ ticket schema: \d+ of the \d+ sampled tickets hold a value in SD_Location that is not a number \(e\.g\. "(HQ|Branch office|Remote)"\), since its type changed: the bot shows it as it is/));
  });

  it('fails on a known column turned into a type the bot cannot write, and on a required column no form fills', async () => {
    emu = await startEmulator({ seed: 'demo' });
    emu.columns.define('SD_Tickets', 'SD_Priority', { type: 'number' });
    emu.columns.define('SD_Tickets', 'SD_Approver', { type: 'text', required: true });
    const result = await runDoctor(settingsFor(emu, { HELPDESK_FORM_EXCLUDE: 'SD_Approver' }));
    expect(result.ok).toBe(false);
    const lines = schemaLines(result.lines);
    expect(lines).toContainEqual(expect.stringMatching(/^✖ ticket schema: SD_Priority is a number column, but the bot writes text to it/));
    expect(lines).toContainEqual(expect.stringMatching(/^✖ ticket schema: SD_Approver is required, but the bot cannot fill it \(HELPDESK_FORM_EXCLUDE leaves it out\).*remove it from HELPDESK_FORM_EXCLUDE$/));
    expect(lines.some((l) => l.includes('HELPDESK_HIGH_PRIORITIES'))).toBe(false);
    expect(lines[0]).toMatch(/priority from HELPDESK_PRIORITIES \(Low, Normal, High, Urgent; SD_Priority has no choices\)/);
  });
});
