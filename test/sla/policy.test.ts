import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPriorities, loadPolicy, parseDuration, parsePolicy } from '../../src/features/sla/policy';
import { EXAMPLE, policy } from './fixture';

describe('SLA policy file', () => {
  it('reads the example of the issue', async () => {
    const p = await policy();
    expect(p.timeZone).toBe('Europe/Berlin');
    expect([...p.targets.keys()]).toEqual(['Urgent', 'High', 'Normal', 'Low']);
    expect(p.targets.get('Urgent')).toMatchObject({ calendar: '24/7', firstResponse: { minutes: 30, days: 0 }, resolution: { minutes: 240 } });
    expect(p.targets.get('High')).toMatchObject({ calendar: 'business', resolution: { days: 1, minutes: 0 } });
    expect(p.warnAt).toEqual([0.75, 0.9]);
    expect(p.escalate).toBeUndefined();
  });

  it('reads durations in m, h and d, and refuses anything else', () => {
    expect(parseDuration('30m')).toEqual({ text: '30m', days: 0, minutes: 30 });
    expect(parseDuration('1d 4h')).toEqual({ text: '1d 4h', days: 1, minutes: 240 });
    for (const bad of ['', '0m', '4 hours', '1w', '1.5h', 'h', 4]) expect(parseDuration(bad)).toBeUndefined();
  });

  it('reports every mistake at once, each with the file and the JSON path', async () => {
    const json = JSON.parse(EXAMPLE);
    json.timeZone = 'Europe/Berlín';
    json.hours.mon = [['08:00', '12:30'], ['12:00', '17:00']];
    json.hours.tue = [['9', '17:00']];
    json.hours.fry = [['08:00', '16:00']];
    json.targets.High.resolution = '1 day';
    json.targets.Low.calendar = 'business';
    json.holidays.region = 'XY';
    json.holidays.dates.push('24.12.2026');
    json.warnAt = [0.75, 1.5];
    json.escalate = { afterBreach: 'soon', notify: 'email' };
    json.target = {};
    const result = await parsePolicy(JSON.stringify(json), '/etc/helpdesk/sla.json');
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors).toEqual([
      '/etc/helpdesk/sla.json: target: unknown key (known: timeZone, hours, holidays, targets, warnAt, escalate)',
      '/etc/helpdesk/sla.json: timeZone: unknown time zone "Europe/Berlín"',
      '/etc/helpdesk/sla.json: hours.mon: shifts overlap (08:00–12:30 and 12:00–17:00)',
      '/etc/helpdesk/sla.json: hours.tue[0]: must be ["HH:MM","HH:MM"], got ["9","17:00"]',
      '/etc/helpdesk/sla.json: hours.fry: unknown weekday (use mon, tue, wed, thu, fri, sat, sun)',
      '/etc/helpdesk/sla.json: targets.High.resolution: malformed duration "1 day" (use m, h or d, e.g. "30m", "4h", "1d")',
      '/etc/helpdesk/sla.json: targets.Low.calendar: must be "24/7" or left out, got "business"',
      '/etc/helpdesk/sla.json: warnAt[1]: must be a fraction between 0 and 1, got 1.5',
      '/etc/helpdesk/sla.json: escalate.afterBreach: malformed duration "soon" (use m, h or d, e.g. "1h")',
      '/etc/helpdesk/sla.json: escalate.notify: must be "channel"',
      '/etc/helpdesk/sla.json: holidays.dates[2]: must be a date "YYYY-MM-DD", got "24.12.2026"',
      expect.stringMatching(/^\/etc\/helpdesk\/sla.json: holidays.region: unknown region "XY" of DE \(known: .*BY/),
    ]);
  });

  it('names the file of a policy that is not JSON, or not there', async () => {
    const bad = await parsePolicy('{ "timeZone": "Europe/Berlin", }', 'sla.json');
    expect(bad).toMatchObject({ ok: false, errors: [expect.stringMatching(/^sla.json: not valid JSON: /)] });
    const dir = mkdtempSync(path.join(tmpdir(), 'sla-'));
    expect(await loadPolicy(path.join(dir, 'missing.json'))).toEqual({ ok: false, errors: [`${path.join(dir, 'missing.json')}: cannot read: ENOENT`] });
  });

  it('loads from the file again after it changes', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sla-')), 'sla.json');
    writeFileSync(file, EXAMPLE);
    const first = await loadPolicy(file);
    expect(first.ok && first.policy.targets.get('High')?.firstResponse.text).toBe('2h');
    writeFileSync(file, EXAMPLE.replace('"firstResponse": "2h"', '"firstResponse": "3h"'));
    const second = await loadPolicy(file);
    expect(second.ok && second.policy.targets.get('High')?.firstResponse.text).toBe('3h');
    expect(second.ok && second.policy.file).toBe(file);
  });

  it('refuses a policy whose targets count working time when the desk has no hours', async () => {
    const json = JSON.parse(EXAMPLE);
    json.hours = {};
    const result = await parsePolicy(JSON.stringify(json), 'sla.json');
    expect(result).toEqual({ ok: false, errors: ['sla.json: hours: no working hours, yet some targets count working time'] });
    // Round-the-clock targets need no hours.
    const allDay = await parsePolicy(JSON.stringify({ timeZone: 'UTC', targets: { Urgent: { firstResponse: '15m', resolution: '1d', calendar: '24/7' } } }), 'sla.json');
    expect(allDay.ok).toBe(true);
  });

  it('lists the priorities the desk does not have', async () => {
    expect(checkPriorities(await policy(), ['Low', 'Normal', 'High', 'Critical'])).toEqual(['Urgent']);
    expect(checkPriorities(await policy(), ['Urgent', 'High', 'Normal', 'Low'])).toEqual([]);
  });
});
