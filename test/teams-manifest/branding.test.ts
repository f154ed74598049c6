/** The Teams package carries the organisation's own branding from TEAMS_APP_* and stays schema-valid. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { TEAMS_MANIFEST_DIR, brandingFrom, buildTeamsPackage } from '../../scripts/teams-package';

const BOT_ID = '6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b';
const require = createRequire(import.meta.url);
const out = mkdtempSync(path.join(tmpdir(), 'teams-brand-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const BRAND = {
  MicrosoftAppId: BOT_ID,
  TEAMS_APP_NAME: 'Fabrikam "IT" Desk',
  TEAMS_APP_DEVELOPER_NAME: 'Fabrikam IT',
  TEAMS_APP_WEBSITE_URL: 'https://it.fabrikam.example/help',
  TEAMS_APP_PRIVACY_URL: 'https://it.fabrikam.example/privacy',
  TEAMS_APP_TERMS_URL: 'https://it.fabrikam.example/terms',
  TEAMS_APP_VERSION: '1.4.0',
  TEAMS_APP_ACCENT_COLOR: '#107C10',
};

function validator() {
  const raw = JSON.parse(readFileSync(path.join(TEAMS_MANIFEST_DIR, 'manifest.json'), 'utf8'));
  const pkgDir = path.dirname(require.resolve('@microsoft/app-manifest/package.json'));
  const schema = JSON.parse(readFileSync(path.join(pkgDir, 'build/json-schemas/teams', `v${raw.manifestVersion}`, 'MicrosoftTeams.schema.json'), 'utf8'));
  const ajv = new Ajv04({ allErrors: true, strictTypes: false });
  addFormats(ajv, ['uri', 'email', 'regex']);
  return ajv.compile(schema);
}

describe('Teams package branding', () => {
  it('carries the configured name, developer, links, version and colour, and validates against the schema', () => {
    const zip = new AdmZip(buildTeamsPackage(BRAND, out, TEAMS_MANIFEST_DIR, { production: true }));
    const text = zip.readAsText('manifest.json');
    const manifest = JSON.parse(text);
    expect(manifest.name).toEqual({ short: 'Fabrikam "IT" Desk', full: 'Fabrikam "IT" Desk: file, follow and work IT tickets' });
    expect(manifest.developer).toEqual({
      name: 'Fabrikam IT',
      websiteUrl: 'https://it.fabrikam.example/help',
      privacyUrl: 'https://it.fabrikam.example/privacy',
      termsOfUseUrl: 'https://it.fabrikam.example/terms',
    });
    expect(manifest.version).toBe('1.4.0');
    expect(manifest.accentColor).toBe('#107C10');
    expect(text).not.toMatch(/contoso/i);
    expect(text).not.toContain('${{');
    const validate = validator();
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
  });

  it('speaks of the app by its configured name in every language, never "Help Desk"', () => {
    const zip = new AdmZip(buildTeamsPackage({ ...BRAND, TEAMS_APP_NAME: 'Contoso IT' }, out, TEAMS_MANIFEST_DIR, { production: true }));
    const manifest = JSON.parse(zip.readAsText('manifest.json'));
    const de = JSON.parse(zip.readAsText('de.json'));
    expect(manifest.description.full).toMatch(/^Contoso IT brings your SharePoint help desk into Teams\./);
    expect(de['description.full']).toMatch(/^Contoso IT bringt Ihren SharePoint-Helpdesk in Teams\./);
    for (const file of ['manifest.json', 'de.json']) expect(zip.readAsText(file), file).not.toContain('Help Desk');
    const plain = JSON.parse(new AdmZip(buildTeamsPackage({ MicrosoftAppId: BOT_ID }, out)).readAsText('manifest.json'));
    expect(plain.description.full).toMatch(/^Help Desk brings/);
  });

  it('names no real organisation by default, says so, and is still valid', () => {
    const warnings: string[] = [];
    const manifest = JSON.parse(new AdmZip(buildTeamsPackage({ MicrosoftAppId: BOT_ID }, out, TEAMS_MANIFEST_DIR, { warn: (w) => warnings.push(w) })).readAsText('manifest.json'));
    expect(manifest.developer.websiteUrl).toMatch(/^https:\/\/example\.com\//);
    expect(warnings.join()).toMatch(/TEAMS_APP_DEVELOPER_NAME.*not set/);
    expect(validator()(manifest)).toBe(true);
  });

  it('refuses a production package without the developer details, and malformed values, naming the variable', () => {
    expect(() => brandingFrom({ TEAMS_APP_DEVELOPER_NAME: 'X' }, { production: true })).toThrow(
      /^TEAMS_APP_WEBSITE_URL, TEAMS_APP_PRIVACY_URL, TEAMS_APP_TERMS_URL are required for a production package/,
    );
    expect(() => brandingFrom({ ...BRAND, TEAMS_APP_PRIVACY_URL: 'http://it.fabrikam.example/privacy' })).toThrow(/TEAMS_APP_PRIVACY_URL must be an https URL/);
    expect(() => brandingFrom({ ...BRAND, TEAMS_APP_VERSION: '1.4' })).toThrow(/TEAMS_APP_VERSION must be a version/);
    expect(() => brandingFrom({ ...BRAND, TEAMS_APP_ACCENT_COLOR: 'green' })).toThrow(/TEAMS_APP_ACCENT_COLOR/);
    expect(() => brandingFrom({ ...BRAND, TEAMS_APP_NAME: 'A name far too long for the Teams app bar' })).toThrow(/TEAMS_APP_NAME must be at most 30 characters/);
  });
});
