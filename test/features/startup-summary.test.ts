/** What `npm start` says of the features, from the feature list: on with what each reads, or off with what turns it on. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRunning } from '../../src/app';
import { loadConfig } from '../../src/config';
import { FEATURES } from '../../src/features';

describe('the start-up summary', () => {
  it('names every listed feature once, on or off, with the store and Slack as configured', () => {
    const config = loadConfig({
      HELPDESK_SLA_FILE: 'policies/sla.json', HELPDESK_ROUTING_FILE: 'policies/routing.json', HELPDESK_CSAT: 'on', HELPDESK_CSAT_SCALE: 'thumbs', HELPDESK_TIME_ZONE: 'Europe/Berlin',
      DATABASE_URL: 'postgres://bot@db/helpdesk', SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's', SLACK_APP_TOKEN: 'xapp-1',
    });
    const lines = describeRunning(config, FEATURES);
    expect(lines).toContain('Store: PostgreSQL (DATABASE_URL)');
    expect(lines).toContain('Slack: on, Socket Mode (SLACK_APP_TOKEN)');
    expect(lines).toContain(`Feature sla: on, reads HELPDESK_SLA_FILE=${path.resolve('policies/sla.json')}, the store's sla_tickets`);
    expect(lines).toContain("Feature surveys: on, reads HELPDESK_CSAT_SCALE=thumbs, the store's csat_surveys");
    expect(lines).toContain(`Feature routing: on, reads HELPDESK_ROUTING_FILE=${path.resolve('policies/routing.json')}, the store's routing_tickets`);
    expect(lines.some((l) => l.startsWith('Features off'))).toBe(false);
    // Every feature of the list is named, and no other.
    const named = lines.flatMap((l) => l.match(/^Feature (\S+):/)?.slice(1) ?? []);
    expect(named).toEqual(FEATURES.map((f) => f.name));

    const plain = describeRunning(loadConfig({ HELPDESK_CSAT: 'off' }), FEATURES);
    expect(plain).toContain('Features off: sla (set HELPDESK_SLA_FILE=./examples/sla.json), surveys (set HELPDESK_CSAT=on), routing (set HELPDESK_ROUTING_FILE=./examples/routing.json)');
    expect(plain.some((l) => l.startsWith('Feature sla:'))).toBe(false);
  });

  it('the line that says how to turn a feature on names the example file that ships with the bot', () => {
    const off = describeRunning(loadConfig({ HELPDESK_CSAT: 'off' }), FEATURES).find((l) => l.startsWith('Features off'))!;
    const files = [...off.matchAll(/HELPDESK_\w+_FILE=([^\s),]+)/g)].map((m) => m[1]);
    expect(files).toEqual(['./examples/sla.json', './examples/routing.json']);
    for (const file of files) expect(existsSync(path.resolve(file)), file).toBe(true);
  });
});
