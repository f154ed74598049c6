/**
 * Following docs/deploy.md literally: the settings file made from .env.example, given to the
 * container (`docker run --env-file`) or to the systemd unit (EnvironmentFile=), must leave the
 * image's and the unit's own values in force. There is no container engine or systemd here, so
 * the files are read the way Docker and systemd read them and the bot's configuration is loaded
 * from the environment the process would see. A data directory the bot cannot use stops start-up
 * naming HELPDESK_DATA_DIR.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { ROOT, TSX_IMPORT, cleanEnv, run, workDir } from './processes';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** What an admin fills in after copying .env.example (docs/deploy.md §1–2). */
const FILLED_IN = {
  HELPDESK_SITE_ID: 'contoso.sharepoint.com,aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee,ffffffff-0000-1111-2222-333333333333',
  HELPDESK_TENANT_ID: '11111111-2222-3333-4444-555555555555',
  HELPDESK_CLIENT_ID: '66666666-7777-8888-9999-000000000000',
  HELPDESK_CLIENT_SECRET: 's3cret',
};

/** `docker run --env-file`: KEY=VALUE taken literally, `#` lines and blank lines skipped; an empty value is still set. */
function dockerEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return env;
}

/** The Dockerfile's ENV of the last stage (the image that runs). */
function imageEnv(dockerfile: string): Record<string, string> {
  const stages = dockerfile.replace(/\\\n/g, ' ').split(/^FROM /m);
  const env: Record<string, string> = {};
  for (const line of stages.at(-1)!.split('\n')) {
    const m = /^ENV\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    for (const pair of m[1].trim().split(/\s+/)) {
      const [key, ...value] = pair.split('=');
      env[key] = value.join('=');
    }
  }
  return env;
}

/** A unit's `Key=value` lines under [Service], each key possibly repeated. */
function unitLines(unit: string, key: string): string[] {
  return unit.split('\n').filter((l) => l.startsWith(`${key}=`)).map((l) => l.slice(key.length + 1));
}

describe('the container, run as docs/deploy.md says', () => {
  it('listens on every interface, writes /data and runs in production with the .env made from .env.example', () => {
    expect(read('docs/deploy.md')).toMatch(/docker run .*--env-file \.env/);
    const seen = { ...imageEnv(read('Dockerfile')), ...dockerEnvFile(read('.env.example')), ...FILLED_IN };
    const config = loadConfig(seen);
    expect(config.host).toBe('0.0.0.0');
    expect(config.port).toBe(3978);
    expect(config.dataDir).toBe('/data');
    expect(config.production).toBe(true);
  });

  it('HEALTHCHECK asks /healthz (liveness); docs/deploy.md says what /readyz is for', () => {
    expect(read('Dockerfile')).toMatch(/HEALTHCHECK[^\n]*\n[^\n]*\/healthz/);
    expect(read('docs/deploy.md')).toMatch(/\/readyz/);
  });
});

describe('the systemd unit, installed as docs/deploy.md says', () => {
  it('keeps its data directory and production mode with /etc/helpdesk-bot/helpdesk-bot.env made from .env.example', () => {
    const unit = read('deploy/helpdesk-bot.service');
    expect(read('docs/deploy.md')).toMatch(/install [^\n]*\.env\.example \/etc\/helpdesk-bot\/helpdesk-bot\.env/);
    expect(unitLines(unit, 'EnvironmentFile')).toEqual(['/etc/helpdesk-bot/helpdesk-bot.env']);
    const own: Record<string, string> = {};
    for (const assignment of unitLines(unit, 'Environment')) {
      const at = assignment.indexOf('=');
      own[assignment.slice(0, at)] = assignment.slice(at + 1);
    }
    // systemd: what EnvironmentFile= sets overrides Environment= (systemd.exec(5)).
    const seen = { ...own, ...dockerEnvFile(read('.env.example')), ...FILLED_IN };
    const config = loadConfig(seen);
    expect(config.dataDir).toBe('/var/lib/helpdesk-bot');
    expect(config.production).toBe(true);
    expect(unitLines(unit, 'ReadWritePaths')).toContain(config.dataDir);
  });
});

describe('a data directory the bot cannot use', () => {
  it('stops start-up naming HELPDESK_DATA_DIR and the directory', async () => {
    const d = workDir();
    dirs.push(d);
    writeFileSync(path.join(d, 'not-a-dir'), '');
    const bot = run(process.execPath, ['--import', TSX_IMPORT, path.join(ROOT, 'src/main.ts')], d, cleanEnv({ PORT: '0', HELPDESK_DATA_DIR: 'not-a-dir/.data', LOG_LEVEL: 'error' }));
    expect(await bot.exited).toBe(1);
    expect(bot.output()).toContain(`Start-up failed — HELPDESK_DATA_DIR is "not-a-dir/.data" (relative to the working directory ${d}): cannot create or write ${path.join(d, 'not-a-dir/.data')} (ENOTDIR)`);
  });
});
