import AdmZip from 'adm-zip';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { fillManifest, MANIFEST_DIR, packageTeams } from '../../scripts/package-teams';

const BOT_ID = '11111111-2222-3333-4444-555555555555';
const require = createRequire(import.meta.url);

function officialSchema(version: string): Record<string, unknown> {
  const dir = path.dirname(require.resolve('@microsoft/app-manifest/package.json'));
  const file = path.join(dir, 'build/json-schemas/teams', `v${version}`, 'MicrosoftTeams.schema.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

function png(name: string): PNG {
  return PNG.sync.read(readFileSync(path.join(MANIFEST_DIR, name)));
}

describe('Teams app manifest', () => {
  const manifest = fillManifest({ MicrosoftAppId: BOT_ID });

  it('is valid against the official schema shipped in @microsoft/app-manifest', () => {
    const version = manifest.manifestVersion as string;
    expect(Number(version.split('.')[1])).toBeGreaterThanOrEqual(19);
    const schema = officialSchema(version);
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    const ok = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('offers the bot in chat, team and group chat with the message action to create a ticket', () => {
    const bot = (manifest.bots as { botId: string; scopes: string[]; commandLists: { commands: unknown[] }[] }[])[0];
    expect(bot.botId).toBe(BOT_ID);
    expect(bot.scopes.sort()).toEqual(['groupChat', 'personal', 'team']);
    for (const list of bot.commandLists) expect(list.commands.length).toBeLessThanOrEqual(10);
    const ext = (manifest.composeExtensions as { commands: Record<string, unknown>[] }[])[0];
    expect(ext.commands).toContainEqual(
      expect.objectContaining({ id: 'createTicketFromMessage', type: 'action', context: ['message'], fetchTask: true }),
    );
  });

  it('names the missing variable when no bot id is configured', () => {
    expect(() => fillManifest({})).toThrow(/MicrosoftAppId/);
    expect(() => fillManifest({ MicrosoftAppId: 'not-a-guid' })).toThrow(/GUID/);
  });

  it('has a 192px colour icon and a 32px white-on-transparent outline icon', () => {
    const color = png('color.png');
    expect([color.width, color.height]).toEqual([192, 192]);
    const outline = png('outline.png');
    expect([outline.width, outline.height]).toEqual([32, 32]);
    let transparent = 0;
    let white = 0;
    for (let i = 0; i < outline.data.length; i += 4) {
      const [r, g, b, a] = outline.data.subarray(i, i + 4);
      if (a === 0) transparent++;
      else {
        expect([r, g, b]).toEqual([255, 255, 255]);
        white++;
      }
    }
    expect(transparent).toBeGreaterThan(100);
    expect(white).toBeGreaterThan(50);
  });

  it('packages manifest.json and both icons at the zip root with the bot id and domain filled in', () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'teams-pkg-')), 'app.zip');
    packageTeams({ env: { TEAMS_APP_BOT_ID: BOT_ID, TEAMS_APP_DOMAIN: 'helpdesk.example.org' }, outFile: out });
    const zip = new AdmZip(out);
    expect(zip.getEntries().map((e) => e.entryName).sort()).toEqual(['color.png', 'manifest.json', 'outline.png']);
    const text = zip.readAsText('manifest.json');
    expect(text).not.toContain('${{');
    const packed = JSON.parse(text) as { id: string; validDomains: string[] };
    expect(packed.id).toBe(BOT_ID);
    expect(packed.validDomains).toContain('helpdesk.example.org');
  });
});
