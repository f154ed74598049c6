/**
 * The Teams app in German: the package names a localization file per catalog language besides
 * English in `localizationInfo`, and each file is valid against Teams' own localization schema
 * and says every command, description and extension in that language.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { teamsCommandLists } from '../../src/commands';
import { CATALOGS } from '../../src/i18n';
import { buildTeamsPackage } from '../../scripts/teams-package';

const BOT_ID = '6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b';
const require = createRequire(import.meta.url);
const out = mkdtempSync(path.join(tmpdir(), 'teams-l10n-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function schema(version: string, file: string): Record<string, unknown> {
  const pkgDir = path.dirname(require.resolve('@microsoft/app-manifest/package.json'));
  return JSON.parse(readFileSync(path.join(pkgDir, 'build/json-schemas/teams', `v${version}`, file), 'utf8'));
}

function validator(s: Record<string, unknown>) {
  // The localization schema's key patterns (`…[\b(…)\b]…`) are valid JavaScript regexes only without the u flag.
  const ajv = new Ajv04({ allErrors: true, strictTypes: false, unicodeRegExp: false });
  addFormats(ajv, ['uri', 'email', 'regex']);
  return ajv.compile(s);
}

describe('Teams manifest localization', () => {
  const zip = new AdmZip(buildTeamsPackage({ TEAMS_APP_BOT_ID: BOT_ID }, out));
  const manifest = JSON.parse(zip.readAsText('manifest.json'));
  const de = JSON.parse(zip.readAsText('de.json')) as Record<string, string>;

  it('declares English as the default and German in a de.json the package carries', () => {
    expect(manifest.localizationInfo).toEqual({ defaultLanguageTag: 'en', additionalLanguages: [{ languageTag: 'de', file: 'de.json' }] });
    expect(zip.getEntry('de.json')).toBeTruthy();
  });

  it('is valid against the official manifest and localization schemas', () => {
    const checkManifest = validator(schema(manifest.manifestVersion, 'MicrosoftTeams.schema.json'));
    expect(checkManifest(manifest), JSON.stringify(checkManifest.errors)).toBe(true);
    const checkFile = validator(schema(manifest.manifestVersion, 'MicrosoftTeams.Localization.schema.json'));
    expect(checkFile(de), JSON.stringify(checkFile.errors)).toBe(true);
    expect(de.$schema).toContain(`/v${manifest.manifestVersion}/MicrosoftTeams.Localization.schema.json`);
    // The schema has teeth: a description beyond Teams' 80 characters is refused.
    expect(checkFile({ ...de, 'description.short': 'x'.repeat(81) })).toBe(false);
  });

  it('says every bot command and both extensions in German, keeping the typed command words', () => {
    const lists = teamsCommandLists();
    lists.forEach((list, i) =>
      list.commands.forEach((c, j) => {
        const german = de[`bots[0].commandLists[${i}].commands[${j}].description`];
        expect(german, c.title).toBeTruthy();
        expect(german, `${c.title} has no German description`).not.toBe(c.description);
        // Titles are the command words, which work in every language: not localized.
        expect(de[`bots[0].commandLists[${i}].commands[${j}].title`]).toBeUndefined();
      }),
    );
    const create = manifest.composeExtensions[0].commands.findIndex((c: { id: string }) => c.id === 'createTicketFromMessage');
    expect(de[`composeExtensions[0].commands[${create}].title`]).toBe('Ticket erstellen');
    expect(de['description.short']).not.toBe(manifest.description.short);
    expect(de['description.full']).toContain('Ticket');
    expect(de['name.short']).toBe(manifest.name.short);
  });

  it('keeps the English catalog entries for commands equal to the command declarations (no drift)', () => {
    const english = (CATALOGS.en.teams as { manifest: { commands: Record<string, string> } }).manifest.commands;
    for (const list of teamsCommandLists()) for (const c of list.commands) expect(english[c.title], c.title).toBe(c.description);
  });
});
