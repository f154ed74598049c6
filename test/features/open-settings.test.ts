/**
 * Each listed feature opens its own settings files at start (the contract's `open`, run by
 * openFeatures before anything else starts): a malformed SLA policy or routing rules file stops
 * `startApp` with its feature's error (the file, the JSON path, what is wrong), a feature off the
 * list reads none of its files, the SLA policy reaches the features that read it and routing's
 * rules reach only routing's parts. Chat files go to the one listed feature that takes them in.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { bindFeatures, FEATURES, openFeatures, runningParts, type AnyFeature } from '../../src/features';
import { RoutingRulesError } from '../../src/features/routing/rules-source';
import { PolicyError } from '../../src/features/sla/policy-source';
import { createLogger } from '../../src/log';
import { createSqliteStore } from '../../src/store';
import { testHost } from '../support/feature-commands';

const root = path.resolve(__dirname, '../..');
const logger = createLogger({ level: 'error', write: () => undefined });
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder for a run's data and files. */
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'open-settings-'));
  dirs.push(dir);
  return dir;
}

/** `text` written to `name` in a fresh folder. */
function written(name: string, text: string): string {
  const file = path.join(folder(), name);
  writeFileSync(file, text);
  return file;
}

const BAD_SLA = readFileSync(path.join(root, 'examples', 'sla.json'), 'utf8').replace('"30m"', '"30 minutes"');
const BAD_RULES = JSON.stringify({ groups: [{ name: 'Desk', agents: [], method: 'round-robin' }] });
const GOOD_RULES = JSON.stringify({ groups: [{ name: 'Desk', agents: ['meganb@example.com'], method: 'round-robin' }], default: 'Desk' });
const without = (name: string): AnyFeature[] => FEATURES.filter((f) => f.name !== name);
const settings = (files: { slaFile?: string; routingFile?: string }) => ({ helpdesk: { priorities: ['Low', 'Normal', 'High', 'Urgent'] }, files: { folder: 'SD_Attachments', maxBytes: 1024 }, csat: { enabled: true, scale: 'five' as const }, stormThreshold: 10, ...files });

describe('a malformed settings file stops start-up', () => {
  it('the SLA policy: PolicyError names the file, the JSON path and what is wrong', async () => {
    const file = written('sla.json', BAD_SLA);
    const started = startApp(loadConfig({ HELPDESK_DATA_DIR: folder(), PORT: '0', HELPDESK_SLA_FILE: file }), { logger, poll: false });
    await expect(started).rejects.toBeInstanceOf(PolicyError);
    await expect(started).rejects.toThrow(`${file}: targets.Urgent.firstResponse`);
  });

  it('the routing rules: RoutingRulesError names the file, the JSON path and what is wrong', async () => {
    const file = written('routing.json', BAD_RULES);
    const started = startApp(loadConfig({ HELPDESK_DATA_DIR: folder(), PORT: '0', HELPDESK_ROUTING_FILE: file }), { logger, poll: false });
    await expect(started).rejects.toBeInstanceOf(RoutingRulesError);
    await expect(started).rejects.toThrow(`${file}: groups[0].agents: a round-robin group needs at least one agent`);
  });

  it('but a feature off the list reads none of its files (a missing or malformed one is never opened)', async () => {
    const missing = path.join(folder(), 'nowhere.json');
    const opened = await openFeatures(without('sla').filter((f) => f.name !== 'routing'), settings({ slaFile: missing, routingFile: missing }), logger);
    expect(opened.supplied.slaPolicy).toBeUndefined();
    expect(Object.keys(opened.own)).not.toContain('routing');
    await expect(openFeatures(without('routing'), settings({ routingFile: written('routing.json', BAD_RULES) }), logger)).resolves.toBeDefined();
  });
});

describe('what the features open reaches their parts', () => {
  it('the SLA policy is supplied to every listed feature; routing\'s rules stay its own', async () => {
    const opened = await openFeatures(FEATURES, settings({ slaFile: path.join(root, 'examples', 'sla.json'), routingFile: written('routing.json', GOOD_RULES) }), logger);
    expect(opened.supplied.slaPolicy?.current().targets.has('Urgent')).toBe(true);
    expect((opened.own.routing as { routing?: { rules: { current(): { groups: { name: string }[] } } } }).routing?.rules.current().groups.map((g) => g.name)).toEqual(['Desk']);
    expect(Object.keys(opened.supplied)).toEqual(['slaPolicy']);
  });

  it('a feature bound without its files opened stops binding, naming it', async () => {
    const store = createSqliteStore({ file: ':memory:', features: [] });
    const { opened: _all, ...host } = testHost(store, { logger });
    expect(() => bindFeatures(FEATURES.filter((f) => f.name === 'routing'), { ...host, db: {} as never })).toThrow('feature routing opens its settings files at start, and this host has not opened them (openFeatures)');
    await store.close();
  });

  it('chat files go to the files feature while it is listed, and nowhere when it is not', async () => {
    const store = createSqliteStore({ file: ':memory:', features: [] });
    const on = bindFeatures(FEATURES, { ...testHost(store, { logger }), db: {} as never });
    expect(on.fileIntake?.feature).toBe('files');
    expect(runningParts(on)).toContainEqual({ feature: 'files', part: 'file intake' });
    expect(bindFeatures(without('files'), { ...testHost(store, { logger }), db: {} as never }).fileIntake).toBeUndefined();
    await store.close();
  });
});
