/**
 * The setup guides name what an admin meets when following them: every placeholder in the Slack
 * manifest, every file in the Teams package, and the notice the Playground prints on cards. The
 * README and the deployment guide name the Node.js the project runs on, and every figure names the
 * bench that measures it.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { buildTeamsPackage } from '../../scripts/teams-package';
import { COMMAND_DECLARATIONS } from '../../src/commands/registry';
import { translator } from '../../src/i18n';
import { ROOT } from './processes';

const doc = (name: string) => readFileSync(path.join(ROOT, 'docs', name), 'utf8');
const file = (name: string) => readFileSync(path.join(ROOT, name), 'utf8');

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

describe('what people can do, as the docs say it', () => {
  const t = translator('en');

  it('docs/commands.md names every command the bot declares', () => {
    const missing = COMMAND_DECLARATIONS.map((c) => c.name).filter((name) => !doc('commands.md').includes(`\`${name}`));
    expect(missing).toEqual([]);
  });

  it('docs/commands.md names the Save as answer button and the Looks like line with its Merge button, as the cards say them', () => {
    const before = (text: string) => text.split('{{')[0];
    for (const words of [t('views:button.saveAsAnswer'), before(t('duplicates:looksLike')), before(t('duplicates:confirm')), t('answers:offer.file'), before(t('answers:offer.solved')).replace(/:\s*$/, '')]) {
      expect(doc('commands.md'), words).toContain(words);
    }
  });

  it('the README and docs/teams.md say a Teams channel hears only an @mention, and give the channel command with it', () => {
    const mentioned = `\`@${t('views:welcome.appName')} subscribe\``;
    for (const page of ['README.md', 'docs/teams.md']) {
      const text = file(page).replace(/\s+/g, ' ');
      expect(text, page).toContain(mentioned);
      expect(text, page).toMatch(/in a Teams channel( or group chat)? the bot hears only messages that @mention it/i);
      // A channel command shown without the mention would go unanswered.
      expect(text, page).not.toMatch(/`subscribe` in the Playground's team channel|team channel `subscribe`/);
    }
  });
});

describe('the Node.js the docs send people to', () => {
  const pinned = file('.nvmrc').trim().replace(/^v/, '').split('.')[0];
  const floor = (JSON.parse(file('package.json')) as { engines: { node: string } }).engines.node.replace(/^>=\s*/, '');
  const floorMajor = Number(floor.split('.')[0]);

  it.each(['README.md', 'docs/deploy.md'])('%s names the pinned Node.js LTS, and no Node older than engines allows', (page) => {
    const text = file(page);
    expect(text).toContain(`Node.js ${pinned} LTS`);
    const named = [...text.matchAll(/\bNode(?:\.js)? (\d+)/g)].map((m) => Number(m[1]));
    expect(named.length).toBeGreaterThan(1);
    for (const major of named) expect(major, `${page} names Node ${major}; engines says ${floor}`).toBeGreaterThanOrEqual(floorMajor);
  });

  it('docs/deploy.md gives the oldest version engines allows, and the container base image of the pinned line', () => {
    expect(doc('deploy.md')).toContain(floor);
    expect(doc('deploy.md')).toContain(`node:${pinned}-bookworm-slim`);
  });

  it("the README's Development section gives the command scripts/node.mjs documents, and the folder it fills is git-ignored", () => {
    const script = file('scripts/node.mjs');
    const command = 'eval "$(node scripts/node.mjs env)"';
    expect(script).toContain(command);
    const development = file('README.md').split(/^## Development$/m)[1] ?? '';
    expect(development).toContain(command);
    expect(script).toMatch(/path\.join\(root, '\.node'\)/);
    expect(development).toContain('`.node/`');
    expect(file('.gitignore').split('\n')).toContain('/.node');
  });
});

describe('the README and the figures', () => {
  it('the README fits about two screens; the rest is under docs/', () => {
    expect(file('README.md').split('\n').length).toBeLessThanOrEqual(130);
  });

  it('every figure in docs/figures.md names a bench that exists', () => {
    const figures = doc('figures.md');
    const command = /`npx tsx bench\/([\w-]+\.ts)[^`]*`/;
    // Each table row of "What | Command | Figure" names its bench in the Command cell.
    const tables = figures.split('| What | Command | Figure |\n|---|---|---|\n').slice(1);
    expect(tables.length).toBeGreaterThanOrEqual(3);
    const rows = tables.flatMap((t) => t.split('\n\n')[0].split('\n').filter((l) => l.startsWith('|')));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) expect(row.split(' | ')[1], row.slice(0, 80)).toMatch(command);
    // Each section of figures (tables or prose) names at least one bench.
    const sections = figures.split(/^## /m).slice(1);
    for (const section of sections) expect(section, section.split('\n')[0]).toMatch(command);
    for (const [, bench] of figures.matchAll(/bench\/([\w-]+\.ts)/g)) expect(existsSync(path.join(ROOT, 'bench', bench)), `bench/${bench}`).toBe(true);
  });
});
