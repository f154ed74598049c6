/**
 * Each entry point reads its settings from the environment and from .env / .env.local in its
 * working directory, the environment winning: the doctor, the bot and the Teams packager, started
 * as child processes exactly as an admin starts them.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator';
import { loadEnvFiles } from '../../src/env';
import { ROOT, TSX_IMPORT, cleanEnv, run, stopAll, workDir } from './processes';

const dirs: string[] = [];
const dir = (files: Record<string, string>) => {
  const d = workDir(files);
  dirs.push(d);
  return d;
};
afterAll(() => {
  stopAll();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const entry = (file: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', TSX_IMPORT, path.join(ROOT, file), ...args], cwd, cleanEnv(env));

describe('settings files', () => {
  it('environment first, then .env.local, then .env; names only are reported', () => {
    const d = dir({ '.env': 'A=env-file\nB=env-file\nC=env-file\n# a comment\nD="quoted value"\n', '.env.local': 'B=local\nC=local\n' });
    const env: NodeJS.ProcessEnv = { C: 'environment' };
    const loaded = loadEnvFiles(d, env);
    expect(env).toEqual({ A: 'env-file', B: 'local', C: 'environment', D: 'quoted value' });
    expect(loaded.files).toEqual([path.join(d, '.env.local'), path.join(d, '.env')]);
    expect(loaded.applied[path.join(d, '.env')]).toEqual(['A', 'D']);
  });

  it('no files: nothing changes', () => {
    const env: NodeJS.ProcessEnv = { X: '1' };
    expect(loadEnvFiles(dir({}), env).files).toEqual([]);
    expect(env).toEqual({ X: '1' });
  });
});

describe('npm run doctor', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ seed: 'demo' });
  });
  afterAll(() => emu?.close());

  it('checks the tenant named in .env, and says so', async () => {
    const d = dir({
      '.env': [
        `HELPDESK_SITE_ID=${emu.siteId}`,
        `HELPDESK_TENANT_ID=${emu.tenantId}`,
        `HELPDESK_CLIENT_ID=${emu.clientId}`,
        `HELPDESK_CLIENT_SECRET=${emu.clientSecret}`,
        `HELPDESK_GRAPH_URL=${emu.url}`,
        `HELPDESK_AUTH_URL=${emu.url}`,
      ].join('\n'),
    });
    const doctor = entry('src/doctor.ts', ['--production'], d);
    expect(await doctor.exited).toBe(0);
    const out = doctor.output();
    expect(out).toContain(`Target: site ${emu.siteId} in tenant ${emu.tenantId}`);
    expect(out).toContain(`All checks passed for site ${emu.siteId}`);
    expect(out).not.toContain('embedded');
    expect(out).not.toContain(emu.clientSecret);
  });

  it('the environment wins over .env: a wrong secret in the environment fails the check', async () => {
    const d = dir({
      '.env': `HELPDESK_SITE_ID=${emu.siteId}\nHELPDESK_TENANT_ID=${emu.tenantId}\nHELPDESK_CLIENT_ID=${emu.clientId}\nHELPDESK_CLIENT_SECRET=${emu.clientSecret}\nHELPDESK_GRAPH_URL=${emu.url}\nHELPDESK_AUTH_URL=${emu.url}\n`,
    });
    const doctor = entry('src/doctor.ts', [], d, { HELPDESK_CLIENT_SECRET: 'not-the-secret' });
    expect(await doctor.exited).toBe(1);
    expect(doctor.output()).toMatch(/✖/);
  });

  it('without tenant settings says it checked the embedded demo site, which is not a production check', async () => {
    const doctor = entry('src/doctor.ts', [], dir({}));
    expect(await doctor.exited).toBe(0);
    expect(doctor.output()).toContain('Target: the embedded demo site');
    expect(doctor.output()).toContain('NOT a production check');
    expect(doctor.output()).not.toContain('All checks passed for site');
  });

  it('fails without tenant settings under --production or NODE_ENV=production', async () => {
    for (const [args, env] of [[['--production'], {}], [[], { NODE_ENV: 'production' }]] as const) {
      const doctor = entry('src/doctor.ts', [...args], dir({}), env);
      expect(await doctor.exited).not.toBe(0);
      expect(doctor.output()).toMatch(/✖ configuration: HELPDESK_SITE_ID: is required/);
    }
  });
});

describe('npm run doctor on a half-done configuration', () => {
  const SITE = 'contoso.sharepoint.com,aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee,ffffffff-0000-1111-2222-333333333333';
  const GUID = '11111111-2222-3333-4444-555555555555';

  it('names every missing setting in one run and repeats the flags in the command to run again', async () => {
    const doctor = entry('src/doctor.ts', ['--production'], dir({ '.env': `HELPDESK_SITE_ID=${SITE}\nPORT=eighty\n` }));
    expect(await doctor.exited).toBe(1);
    const out = doctor.output();
    for (const name of ['HELPDESK_TENANT_ID', 'HELPDESK_CLIENT_ID', 'HELPDESK_CLIENT_SECRET', 'PORT']) expect(out).toMatch(new RegExp(`✖ configuration: ${name}: `));
    expect(out.trim().split('\n').at(-1)).toBe('Fix these 4 settings (see .env.example) and run `npm run doctor -- --production` again.');
  });

  it('with --production and NODE_ENV unset, says the site is required in production, not "when NODE_ENV=production"', async () => {
    const doctor = entry('src/doctor.ts', ['--production'], dir({}));
    expect(await doctor.exited).toBe(1);
    expect(doctor.output()).toContain('✖ configuration: HELPDESK_SITE_ID: is required in production (checked with --production)');
    expect(doctor.output()).not.toContain('when NODE_ENV=production');
  });

  it('a sign-in URL on a port fetch refuses names HELPDESK_AUTH_URL and says why', async () => {
    const env = { HELPDESK_SITE_ID: SITE, HELPDESK_TENANT_ID: GUID, HELPDESK_CLIENT_ID: GUID, HELPDESK_CLIENT_SECRET: 'x', HELPDESK_AUTH_URL: 'http://127.0.0.1:6000' };
    const doctor = entry('src/doctor.ts', ['--production'], dir({}), env);
    expect(await doctor.exited).toBe(1);
    const token = doctor.output().split('\n').find((l) => l.startsWith('✖ token:'));
    expect(token).toContain('check HELPDESK_AUTH_URL (now http://127.0.0.1:6000): its port 6000 is one that fetch never connects to');
    expect(doctor.output().trim().split('\n').at(-1)).toContain('`npm run doctor -- --production`');
  });
});

describe('the bot (src/main.ts)', () => {
  it('takes PORT and HELPDESK_DATA_DIR from .env, and stops on a malformed setting naming it', async () => {
    const d = dir({ '.env': 'PORT=0\nHELPDESK_DATA_DIR=./state\nLOG_LEVEL=warn\n' });
    const bot = entry('src/main.ts', [], d);
    const [, port] = await bot.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)\/api\/messages/);
    expect(Number(port)).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    bot.proc.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    // HELPDESK_DATA_DIR=./state from .env, relative to the working directory.
    expect(readFileSync(path.join(d, 'state', 'helpdesk-bot.sqlite')).length).toBeGreaterThan(0);

    const bad = entry('src/main.ts', [], dir({ '.env': 'LOG_LEVEL=verbose\n' }));
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain('LOG_LEVEL: must be one of debug, info, warn, error (got "verbose")');
  });
});

describe('the start-up summary', () => {
  it('names each feature that is on with what it reads (the SLA policy file among them), the store and Slack, and those that are off', async () => {
    const policy = readFileSync(path.join(ROOT, 'examples', 'sla.json'), 'utf8');
    const d = dir({ '.env': 'PORT=0\nHELPDESK_DATA_DIR=./state\nLOG_LEVEL=warn\nHELPDESK_SLA_FILE=./sla.json\nHELPDESK_CSAT=off\n', 'sla.json': policy });
    const bot = entry('src/main.ts', [], d);
    const [, port] = await bot.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)\/api\/messages/);
    await bot.waitFor(/Features off: .*\n/);
    // Live, and so past installing its signal handlers, before it is stopped.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const out = bot.output();
    expect(out).toContain(`Feature sla: on, reads HELPDESK_SLA_FILE=${path.join(d, 'sla.json')}`);
    expect(out).toMatch(/Feature digests: on, reads the store's digest_schedules/);
    expect(out).toContain('Features off: surveys (set HELPDESK_CSAT=on)');
    expect(out).toContain('Slack: off (set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET to turn it on)');
    expect(out).toContain(`Store: SQLite, ${path.join(d, 'state', 'helpdesk-bot.sqlite')}`);
    bot.proc.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
  });
});

describe('a production start against an unreachable tenant', () => {
  it('says within seconds on stdout that the help desk is not reachable, is not ready, and stays live', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createNetServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const nowhere = `http://127.0.0.1:${closed}`;
    const bot = entry('src/main.ts', [], dir({}), {
      NODE_ENV: 'production',
      PORT: '0',
      HELPDESK_SITE_ID: 'contoso.sharepoint.com,aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee,ffffffff-0000-1111-2222-333333333333',
      HELPDESK_TENANT_ID: '11111111-2222-3333-4444-555555555555',
      HELPDESK_CLIENT_ID: '11111111-2222-3333-4444-555555555555',
      HELPDESK_CLIENT_SECRET: 'not-a-secret',
      HELPDESK_GRAPH_URL: nowhere,
      HELPDESK_AUTH_URL: nowhere,
      LOG_LEVEL: 'error',
    });
    const [, port] = await bot.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)\/api\/messages/);
    const listening = Date.now();
    const [line] = await bot.waitFor(/^Help desk: .*$/m, 15_000);
    expect(Date.now() - listening).toBeLessThan(10_000);
    expect(line).toMatch(/^Help desk: NOT reachable \(tenant 11111111-2222-3333-4444-555555555555 through 127\.0\.0\.1:\d+\): .*(refused|ECONNREFUSED)/);
    await bot.waitFor(/^Slack: off/m);
    expect(bot.output()).toMatch(/^Teams: local use only/m);
    expect(bot.output()).not.toContain('npm run playground');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(503);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    bot.proc.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
  });
});

describe('npm run package:teams', () => {
  it('brands the package from .env, and refuses a production package without the developer details', async () => {
    const d = dir({
      '.env': [
        'MicrosoftAppId=6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b',
        'TEAMS_APP_NAME=Northwind Help',
        'TEAMS_APP_DEVELOPER_NAME=Northwind IT',
        'TEAMS_APP_WEBSITE_URL=https://it.northwind.example',
        'TEAMS_APP_PRIVACY_URL=https://it.northwind.example/privacy',
        'TEAMS_APP_TERMS_URL=https://it.northwind.example/terms',
        'TEAMS_APP_VERSION=2.3.4',
      ].join('\n'),
    });
    const pack = entry('scripts/package-teams.ts', ['--production', '--out', 'out'], d);
    expect(await pack.exited).toBe(0);
    const manifest = JSON.parse(new AdmZip(path.join(d, 'out', 'helpdesk-teams.zip')).readAsText('manifest.json'));
    expect(manifest.name.short).toBe('Northwind Help');
    expect(manifest.developer).toEqual({
      name: 'Northwind IT',
      websiteUrl: 'https://it.northwind.example',
      privacyUrl: 'https://it.northwind.example/privacy',
      termsOfUseUrl: 'https://it.northwind.example/terms',
    });
    expect(manifest.version).toBe('2.3.4');

    const bare = entry('scripts/package-teams.ts', ['--production', '--out', 'out'], dir({ '.env': 'MicrosoftAppId=6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b\n' }));
    expect(await bare.exited).toBe(2);
    expect(bare.output()).toMatch(/TEAMS_APP_DEVELOPER_NAME, TEAMS_APP_WEBSITE_URL, TEAMS_APP_PRIVACY_URL, TEAMS_APP_TERMS_URL are required for a production package/);
  });
});
