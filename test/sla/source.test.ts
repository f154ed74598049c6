import { DEFAULT_ROLE_VOCABULARY } from '../../src/core/vocabulary';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log';
import { openPolicySource, PolicyError } from '../../src/features/sla/policy-source';
import { checkSlaPolicy } from '../../src/features/sla/sla-check';
import { slaRoleOf } from '../../src/features/sla/clock-roles';

const EXAMPLE = readFileSync(new URL('../../examples/sla.json', import.meta.url), 'utf8');
const PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'];

function logged() {
  const lines: string[] = [];
  return { lines, logger: createLogger({ level: 'debug', write: (l: string) => void lines.push(l) }) };
}

function policyFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sla-')), 'sla.json');
  writeFileSync(file, text);
  return file;
}

/** Writes a new version with an mtime that surely differs (no waiting for the clock to tick). */
function rewrite(file: string, text: string, mtimeSeconds: number) {
  writeFileSync(file, text);
  utimesSync(file, mtimeSeconds, mtimeSeconds);
}

describe('SLA policy file at start-up and while running', () => {
  it('stops start-up with the file, the JSON path and what is wrong', async () => {
    const file = policyFile(EXAMPLE.replace('"30m"', '"30 minutes"'));
    const err = await openPolicySource(file, { ...logged(), priorities: PRIORITIES }).catch((e) => e);
    expect(err).toBeInstanceOf(PolicyError);
    expect(err.message).toContain(`${file}: targets.Urgent.firstResponse`);
  });

  it('re-reads the file when it changes, and keeps the last good version when the new one is bad', async () => {
    const file = policyFile(EXAMPLE);
    const { lines, logger } = logged();
    const source = await openPolicySource(file, { logger, priorities: PRIORITIES });
    expect(source.current().targets.get('High')?.firstResponse.text).toBe('2h');
    expect(await source.refresh()).toBe(false);

    rewrite(file, EXAMPLE.replace('"2h"', '"3h"'), 1_900_000_000);
    expect(await source.refresh()).toBe(true);
    expect(source.current().targets.get('High')?.firstResponse.text).toBe('3h');
    const version = source.version();

    rewrite(file, '{ "timeZone": "Mars/Olympus" ', 1_900_000_100);
    expect(await source.refresh()).toBe(false);
    expect(source.current().targets.get('High')?.firstResponse.text).toBe('3h');
    expect(source.version()).toBe(version);
    expect(lines.some((l) => l.includes('does not load; keeping the last good version'))).toBe(true);
  });

  it('logs the priorities the desk does not have, once per version', async () => {
    const { lines, logger } = logged();
    await openPolicySource(policyFile(EXAMPLE), { logger, priorities: ['Low', 'Normal', 'High'] });
    expect(lines.filter((l) => l.includes('priorities the desk does not have') && l.includes('Urgent'))).toHaveLength(1);
  });
});

describe('doctor: the SLA policy', () => {
  it('passes a good file and names priorities the desk does not have', async () => {
    const lines = await checkSlaPolicy(policyFile(EXAMPLE), ['Low', 'Normal', 'High']);
    expect(lines[0].kind).toBe('pass');
    expect(lines[1]).toEqual({ kind: 'say', line: 'ℹ SLA policy: priorities the desk does not have, ignored: Urgent' });
  });

  it('fails a bad file with the loader messages, and says nothing without a file', async () => {
    const file = policyFile(EXAMPLE.replace('"Europe/Berlin"', '"Europe/Atlantis"'));
    const lines = await checkSlaPolicy(file, PRIORITIES);
    expect(lines).toEqual([{ kind: 'fail', line: `SLA policy: ${file}: timeZone: unknown time zone "Europe/Atlantis"` }]);
    expect(await checkSlaPolicy(undefined, PRIORITIES)).toEqual([]);
  });
});

describe('status roles for the clocks', () => {
  it('pauses in Waiting and stops in done statuses', () => {
    const roleOf = slaRoleOf(DEFAULT_ROLE_VOCABULARY);
    expect(roleOf('Waiting')).toBe('waiting');
    expect(roleOf('Resolved')).toBe('done');
    expect(roleOf('New')).toBe('new');
    expect(roleOf('In Progress')).toBe('working');
    expect(roleOf('Escalated')).toBeUndefined();
  });
});
