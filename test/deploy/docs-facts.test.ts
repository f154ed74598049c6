/**
 * The setup guides name what an admin meets when following them: every placeholder in the Slack
 * manifest, every file in the Teams package, and the notice the Playground prints on cards.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { buildTeamsPackage } from '../../scripts/teams-package';
import { ROOT } from './processes';

const doc = (name: string) => readFileSync(path.join(ROOT, 'docs', name), 'utf8');

describe('setup guides', () => {
  it('docs/slack.md names every placeholder the Slack manifest holds', () => {
    const manifest = readFileSync(path.join(ROOT, 'manifest/slack/manifest.yml'), 'utf8');
    const placeholders = new Set(manifest.replace(/^\s*#.*$/gm, '').match(/YOUR-[A-Z-]+[A-Z]/g));
    expect(placeholders.size).toBeGreaterThan(0);
    for (const p of placeholders) expect(doc('slack.md'), p).toContain(`\`${p}\``);
  });

  it('docs/teams.md names every file of the Teams package', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'teams-pkg-'));
    try {
      const file = buildTeamsPackage({ MicrosoftAppId: '00000000-0000-0000-0000-000000000001' }, out);
      const entries = new AdmZip(file).getEntries().map((e) => e.entryName);
      expect(entries).toContain('de.json');
      for (const entry of entries) expect(doc('teams.md'), entry).toContain(entry);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('docs/teams.md explains the notice the Playground prints on cards with a refresh clause', () => {
    const bundle = path.join(ROOT, 'node_modules/@microsoft/m365agentsplayground/dist/client/static/js');
    const code = readdirSync(bundle).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(bundle, f), 'utf8')).join('\n');
    // The Playground's own wording: the feature name, shown in its "... is not supported yet" line.
    expect(code).toContain('"User specific view"');
    expect(doc('teams.md')).toContain('User specific view is not supported yet');
  });
});
