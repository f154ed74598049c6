/** The routing rules file: every mistake named by file, JSON path and what is wrong; a bad edit keeps the last good rules; the doctor checks it. */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRules } from '../../../src/features/routing/rules';
import { openRoutingSource, RoutingRulesError } from '../../../src/features/routing/rules-source';
import { checkRoutingRules } from '../../../src/features/routing/routing-check';
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/log';

const GOOD = {
  groups: [
    { name: 'Hardware', agents: ['meganb@example.com', 'alexw@example.com'], method: 'round-robin', match: { categories: ['Hardware'] }, fallback: { group: 'Desk' } },
    { name: 'Desk', agents: ['diegos@example.com'], method: 'least-busy', availability: { teamsPresence: true, slackAwayStatuses: ['OOO'] }, escalation: { minutes: 30, hops: 2 } },
  ],
  default: 'Desk',
  caps: { default: 5, agents: { 'meganb@example.com': 8 } },
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function file(content: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'routing-'));
  dirs.push(dir);
  const f = path.join(dir, 'routing.json');
  writeFileSync(f, content);
  return f;
}

describe('routing rules file', () => {
  it('reads groups, methods, fallbacks, caps and sources', () => {
    const r = parseRules(JSON.stringify(GOOD), 'routing.json');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rules.groups.map((g) => [g.name, g.method, g.fallback])).toEqual([['Hardware', 'round-robin', { group: 'Desk' }], ['Desk', 'least-busy', 'wait']]);
    expect(r.rules.defaultGroup).toBe('Desk');
    expect(r.rules.caps.default).toBe(5);
    expect(r.rules.caps.agents.get('meganb@example.com')).toBe(8);
    expect(r.rules.groups[1].availability).toMatchObject({ teamsPresence: true, offlineIsAway: false, slackAwayStatuses: ['OOO'] });
    expect(r.rules.groups[1].escalation).toEqual({ minutes: 30, hops: 2 });
  });

  it('names every mistake with the file, the JSON path and what is wrong', () => {
    const bad = {
      groups: [
        { name: 'Hardware', agents: ['megan', 'alexw@example.com'], method: 'random', fallback: { group: 'Nowhere' }, availability: { offlineIsAway: 'yes' } },
        { name: 'Desk', agents: ['diegos@example.com'], method: 'least-busy', escalation: { minutes: 0 } },
      ],
      default: 'Elsewhere',
      caps: { default: -1 },
      colour: 'blue',
    };
    const r = parseRules(JSON.stringify(bad), '/etc/bot/routing.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(expect.arrayContaining([
      '/etc/bot/routing.json: colour: unknown key (known: groups, default, caps)',
      '/etc/bot/routing.json: groups[0].agents[0]: must be an email address, got "megan"',
      '/etc/bot/routing.json: groups[0].method: must be one of round-robin, least-busy, manual, got "random"',
      '/etc/bot/routing.json: groups[0].availability.offlineIsAway: must be true or false, got "yes"',
      '/etc/bot/routing.json: groups[1].escalation.minutes: must be a whole number of at least 1, got 0',
      '/etc/bot/routing.json: groups[0].fallback.group: no group is named "Nowhere"',
      '/etc/bot/routing.json: default: must name one of the groups (Hardware, Desk), got "Elsewhere"',
      '/etc/bot/routing.json: caps.default: must be a whole number of at least 0, got -1',
    ]));
    expect(parseRules('{"groups": [', 'r.json')).toMatchObject({ ok: false, errors: [expect.stringMatching(/^r\.json: not valid JSON: /)] });
  });

  it('stops start-up on a malformed file, naming the file, the path and what is wrong', async () => {
    const f = file(JSON.stringify({ groups: [{ name: 'Desk', agents: [], method: 'round-robin' }] }));
    const opened = openRoutingSource(f, { logger: createLogger({ level: 'error' }) });
    await expect(opened).rejects.toBeInstanceOf(RoutingRulesError);
    await expect(opened).rejects.toThrow(`the routing rules (HELPDESK_ROUTING_FILE) do not load:\n  ${f}: groups[0].agents: a round-robin group needs at least one agent`);
  });

  it('keeps the last good rules when an edit breaks the file (logged), and takes a good edit', async () => {
    const f = file(JSON.stringify(GOOD));
    const logged: Record<string, unknown>[] = [];
    const source = await openRoutingSource(f, { logger: createLogger({ level: 'info', write: (line) => logged.push(JSON.parse(line)) }) });
    writeFileSync(f, '{ "groups": oops }');
    utimesSync(f, new Date(), new Date(Date.now() + 5_000));
    expect(await source.refresh()).toBe(false);
    expect(source.current().groups.map((g) => g.name)).toEqual(['Hardware', 'Desk']);
    expect(logged.find((r) => String(r.msg).includes('keeping the last good version'))).toMatchObject({ file: f, errors: [expect.stringContaining(`${f}: not valid JSON`)] });
    writeFileSync(f, JSON.stringify({ groups: [{ name: 'Only', agents: ['a@x.com'], method: 'manual' }] }));
    utimesSync(f, new Date(), new Date(Date.now() + 10_000));
    expect(await source.refresh()).toBe(true);
    expect(source.current().groups.map((g) => g.name)).toEqual(['Only']);
  });

  it('the doctor checks the file as start-up does', async () => {
    expect(await checkRoutingRules(undefined)).toEqual([]);
    expect(await checkRoutingRules(file(JSON.stringify(GOOD)))).toEqual([{ kind: 'pass', line: expect.stringContaining('loads: Hardware (round-robin, 2 agents), Desk (least-busy, 1 agents); default Desk') }]);
    const bad = file('{"groups": [{"name": "X", "agents": ["a@x.com"], "method": "fifo"}]}');
    expect(await checkRoutingRules(bad)).toEqual([{ kind: 'fail', line: `Routing rules: ${bad}: groups[0].method: must be one of round-robin, least-busy, manual, got "fifo"` }]);
  });

  it('loads the example file of docs/routing.md', async () => {
    const verdicts = await checkRoutingRules(path.resolve('examples/routing.json'));
    expect(verdicts).toMatchObject([{ kind: 'pass', line: expect.stringContaining('Hardware (round-robin, 2 agents), Urgent (least-busy, 2 agents), Service desk (least-busy, 3 agents); default Service desk') }]);
  });

  it('HELPDESK_ROUTING_FILE is read as an absolute path; without it routing is off', () => {
    expect(loadConfig({}).routingFile).toBeUndefined();
    expect(loadConfig({ HELPDESK_ROUTING_FILE: 'routing.json' }).routingFile).toBe(path.resolve('routing.json'));
  });
});
