import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { CREATE_FROM_MESSAGE } from '../../src/channels/teams/message-extension';
import { COMMANDS, teamsCommandLists } from '../../src/commands';
import { BOT_ID_PLACEHOLDER, PACKAGE_FILE, TEAMS_MANIFEST_DIR, buildTeamsPackage, filledManifest } from '../../scripts/teams-package';

const BOT_ID = '6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b';
const raw = JSON.parse(readFileSync(path.join(TEAMS_MANIFEST_DIR, 'manifest.json'), 'utf8'));
const require = createRequire(import.meta.url);

interface CommandList { scopes: string[]; commands: { title: string; description?: string }[] }
interface Manifest {
  manifestVersion: string;
  id: string;
  validDomains: string[];
  bots: { botId: string; scopes: string[]; commandLists: CommandList[]; supportsFiles: boolean; isNotificationOnly: boolean }[];
  composeExtensions: { botId: string; commands: { id: string; type: string; context: string[]; fetchTask: boolean }[] }[];
}

/** The official schema shipped with @microsoft/app-manifest for the manifest's own version. */
function officialSchema(version: string): Record<string, unknown> {
  const pkgDir = path.dirname(require.resolve('@microsoft/app-manifest/package.json'));
  return JSON.parse(readFileSync(path.join(pkgDir, 'build/json-schemas/teams', `v${version}`, 'MicrosoftTeams.schema.json'), 'utf8'));
}

const out = mkdtempSync(path.join(tmpdir(), 'teams-pkg-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('Teams app manifest', () => {
  const manifest = filledManifest({ MicrosoftAppId: BOT_ID }) as unknown as Manifest;

  it('is valid against the official schema of its manifest version, once the bot id is filled in', () => {
    const schema = officialSchema(raw.manifestVersion);
    // The schema declares draft-04, so it is checked with Ajv's draft-04 build, as @microsoft/app-manifest does.
    expect(String(schema.$schema)).toContain('draft-04');
    expect(raw.$schema).toContain(`/v${raw.manifestVersion}/MicrosoftTeams.schema.json`);
    const ajv = new Ajv04({ allErrors: true, strictTypes: false });
    addFormats(ajv, ['uri', 'email', 'regex']);
    const validate = ajv.compile(schema);
    const ok = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // The unfilled placeholder is not a GUID, so the same schema must reject it: the check has teeth.
    expect(validate(raw)).toBe(false);
  });

  it('uses a current manifest version (1.19 or later)', () => {
    const [major, minor] = String(raw.manifestVersion).split('.').map(Number);
    expect(major).toBe(1);
    expect(minor).toBeGreaterThanOrEqual(19);
  });

  it('puts the bot id everywhere the placeholder was', () => {
    expect(JSON.stringify(manifest)).not.toContain(BOT_ID_PLACEHOLDER);
    expect(manifest.id).toBe(BOT_ID);
    expect(manifest.bots[0].botId).toBe(BOT_ID);
    expect(manifest.composeExtensions[0].botId).toBe(BOT_ID);
  });

  it('offers the bot in personal chat, teams and group chats as a conversational bot that takes files in personal chat', () => {
    const bot = manifest.bots[0];
    expect([...bot.scopes].sort()).toEqual(['groupChat', 'personal', 'team']);
    expect(bot.supportsFiles).toBe(true);
    expect(bot.isNotificationOnly).toBe(false);
  });

  it('lists only real commands, described as help describes them, at most 10 per scope', () => {
    const lists = manifest.bots[0].commandLists;
    expect(lists.map((l) => l.scopes.join()).sort()).toEqual(['groupChat', 'personal', 'team']);
    for (const list of lists) {
      expect(list.commands.length).toBeLessThanOrEqual(10);
      for (const cmd of list.commands) {
        const known = COMMANDS.find((c) => c.name === cmd.title);
        expect(known, `"${cmd.title}" in the ${list.scopes} list is not a command`).toBeDefined();
        expect(cmd.description).toBe(known!.description);
      }
    }
    // The menus are built from the command declarations, the same ones help lists.
    expect(lists).toEqual(teamsCommandLists());
    const team = lists.find((l) => l.scopes.includes('team'))!.commands.map((c) => c.title);
    for (const name of ['queue', 'claim', 'resolve', 'subscribe']) expect(team).toContain(name);
    const personal = lists.find((l) => l.scopes.includes('personal'))!.commands.map((c) => c.title);
    for (const name of ['help', 'new', 'mine']) expect(personal).toContain(name);
  });

  it('declares the "Create ticket" message action with the id the Teams code handles', () => {
    const [command] = manifest.composeExtensions[0].commands;
    expect(command.id).toBe(CREATE_FROM_MESSAGE);
    expect(command.type).toBe('action');
    expect(command.context).toEqual(['message']);
    expect(command.fetchTask).toBe(true);
  });

  it('adds TEAMS_APP_DOMAIN (host or URL) to validDomains once', () => {
    const withDomain = filledManifest({ MicrosoftAppId: BOT_ID, TEAMS_APP_DOMAIN: 'https://Bot.Contoso.com/api/messages' }) as unknown as Manifest;
    expect(withDomain.validDomains).toContain('bot.contoso.com');
    expect(withDomain.validDomains.filter((d) => d === 'bot.contoso.com')).toHaveLength(1);
    expect(() => filledManifest({ MicrosoftAppId: BOT_ID, TEAMS_APP_DOMAIN: 'not a host' })).toThrow(/TEAMS_APP_DOMAIN/);
  });
});

describe('Teams icons', () => {
  const read = (name: string) => PNG.sync.read(readFileSync(path.join(TEAMS_MANIFEST_DIR, name)));

  it('color.png is 192x192 with a coloured background and a white glyph', () => {
    const png = read(raw.icons.color);
    expect([png.width, png.height]).toEqual([192, 192]);
    const at = (x: number, y: number) => Array.from(png.data.subarray((y * 192 + x) * 4, (y * 192 + x) * 4 + 4));
    expect(at(20, 96)).toEqual([0x2b, 0x6c, 0xb0, 255]);
    expect(at(96, 60)).toEqual([255, 255, 255, 255]);
  });

  it('outline.png is 32x32, only white, on a transparent background', () => {
    const png = read(raw.icons.outline);
    expect([png.width, png.height]).toEqual([32, 32]);
    let transparent = 0;
    let opaque = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const alpha = png.data[i + 3];
      if (alpha === 0) transparent++;
      if (alpha === 255) opaque++;
      if (alpha > 0) expect([png.data[i], png.data[i + 1], png.data[i + 2]]).toEqual([255, 255, 255]);
    }
    expect(png.data[3]).toBe(0);
    expect(transparent).toBeGreaterThan(32 * 32 * 0.3);
    expect(opaque).toBeGreaterThan(32 * 32 * 0.1);
  });
});

describe('npm run package:teams', () => {
  it('zips manifest.json and both icons at the root, the bot id filled from TEAMS_APP_BOT_ID first', () => {
    const file = buildTeamsPackage({ TEAMS_APP_BOT_ID: BOT_ID, MicrosoftAppId: '00000000-0000-0000-0000-000000000001' }, out);
    expect(path.basename(file)).toBe(PACKAGE_FILE);
    const zip = new AdmZip(file);
    expect(zip.getEntries().map((e) => e.entryName).sort()).toEqual(['color.png', 'de.json', 'manifest.json', 'outline.png']);
    const packed = JSON.parse(zip.readAsText('manifest.json')) as Manifest;
    expect(packed.bots[0].botId).toBe(BOT_ID);
    expect(zip.getEntry('outline.png')!.getData().equals(readFileSync(path.join(TEAMS_MANIFEST_DIR, 'outline.png')))).toBe(true);
  });

  it('falls back to MicrosoftAppId', () => {
    const packed = JSON.parse(new AdmZip(buildTeamsPackage({ MicrosoftAppId: BOT_ID }, out)).readAsText('manifest.json')) as Manifest;
    expect(packed.id).toBe(BOT_ID);
  });

  it('names both variables when no bot id is configured, and the variable used when it is not a GUID', () => {
    expect(() => buildTeamsPackage({}, out)).toThrow(/TEAMS_APP_BOT_ID or MicrosoftAppId is required/);
    expect(() => buildTeamsPackage({ MicrosoftAppId: '  ' }, out)).toThrow(/TEAMS_APP_BOT_ID or MicrosoftAppId/);
    expect(() => buildTeamsPackage({ TEAMS_APP_BOT_ID: 'my-bot' }, out)).toThrow(/TEAMS_APP_BOT_ID must be a GUID.*"my-bot"/);
  });
});
