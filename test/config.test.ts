import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ConfigErrors, loadConfig, type LoadOptions } from '../src/config';

const TENANT = '11111111-2222-3333-4444-555555555555';
const CLIENT = '66666666-7777-8888-9999-000000000000';
const SITE = 'contoso.sharepoint.com,aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee,ffffffff-0000-1111-2222-333333333333';
const tenantEnv = { HELPDESK_SITE_ID: SITE, HELPDESK_TENANT_ID: TENANT, HELPDESK_CLIENT_ID: CLIENT, HELPDESK_CLIENT_SECRET: 's3cret' };

function failure(env: Record<string, string>, options?: LoadOptions): ConfigError {
  try {
    loadConfig(env, options);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected loadConfig to fail');
}

describe('loadConfig', () => {
  it('runs on the embedded site with defaults when no tenant is configured', () => {
    const config = loadConfig({});
    expect(config.helpdesk.target.kind).toBe('embedded');
    expect(config.port).toBe(3978);
    expect(config.pollSeconds).toBe(15);
    expect(config.stormThreshold).toBe(10);
    expect(config.helpdesk.openStatuses).toEqual(['New', 'Assigned', 'In Progress']);
    expect(config.slack).toBeUndefined();
    expect(Object.isFrozen(config.helpdesk)).toBe(true);
  });

  it('reads a tenant with an inline secret', () => {
    const config = loadConfig(tenantEnv);
    expect(config.helpdesk.target).toMatchObject({ kind: 'tenant', tenantId: TENANT, siteId: SITE, secret: { kind: 'inline' } });
  });

  it('names the variable that is missing or malformed', () => {
    expect(failure({ ...tenantEnv, HELPDESK_TENANT_ID: '' }).variable).toBe('HELPDESK_TENANT_ID');
    expect(failure({ ...tenantEnv, HELPDESK_CLIENT_ID: 'not-a-guid' }).message).toMatch(/^HELPDESK_CLIENT_ID: must be a GUID/);
    expect(failure({ ...tenantEnv, HELPDESK_SITE_ID: 'contoso' }).variable).toBe('HELPDESK_SITE_ID');
    expect(failure({ ...tenantEnv, HELPDESK_CLIENT_SECRET: '' }).variable).toBe('HELPDESK_CLIENT_SECRET');
    expect(failure({ PORT: 'eighty' }).message).toMatch(/^PORT: must be a whole number/);
    expect(failure({ HELPDESK_GRAPH_URL: 'http://graph.example.com' }).message).toMatch(/^HELPDESK_GRAPH_URL: must be an https URL/);
    expect(failure({ HELPDESK_POLL_SECONDS: '0' }).variable).toBe('HELPDESK_POLL_SECONDS');
    expect(failure({ HELPDESK_STORM_THRESHOLD: '0' }).message).toMatch(/^HELPDESK_STORM_THRESHOLD: must be a whole number from 1/);
    expect(failure({ HELPDESK_STORM_THRESHOLD: 'ten' }).variable).toBe('HELPDESK_STORM_THRESHOLD');
    expect(failure({ HELPDESK_OPEN_STATUSES: 'New,Parked' }).message).toMatch(/"Parked" is not one of HELPDESK_STATUSES/);
  });

  it('refuses a secret file it cannot read, naming the file variable', () => {
    const err = failure({ ...tenantEnv, HELPDESK_CLIENT_SECRET: '', HELPDESK_CLIENT_SECRET_FILE: '/nonexistent/secret' });
    expect(err.variable).toBe('HELPDESK_CLIENT_SECRET_FILE');
  });

  it('accepts a readable secret file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const file = path.join(dir, 'secret');
    writeFileSync(file, 'from-file\n');
    const config = loadConfig({ ...tenantEnv, HELPDESK_CLIENT_SECRET: '', HELPDESK_CLIENT_SECRET_FILE: file });
    expect(config.helpdesk.target).toMatchObject({ secret: { kind: 'file', path: file } });
  });

  it('turns Slack on only with a complete, well-formed set of settings', () => {
    expect(failure({ SLACK_BOT_TOKEN: 'xoxb-1' }).variable).toBe('SLACK_SIGNING_SECRET');
    expect(failure({ SLACK_BOT_TOKEN: 'abc', SLACK_SIGNING_SECRET: 'x' }).variable).toBe('SLACK_BOT_TOKEN');
    expect(failure({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'x', SLACK_APP_TOKEN: 'xoxb-2' }).variable).toBe('SLACK_APP_TOKEN');
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'x', SLACK_API_URL: 'http://127.0.0.1:9/api' });
    expect(config.slack).toMatchObject({ botToken: 'xoxb-1', apiUrl: 'http://127.0.0.1:9/api/' });
  });

  it('names every missing or malformed setting at once, not one per run', () => {
    const err = failure({ HELPDESK_SITE_ID: SITE, PORT: 'eighty', SLACK_SIGNING_SECRET: 'x' });
    expect(err).toBeInstanceOf(ConfigErrors);
    const named = (err as ConfigErrors).problems.map((p) => p.variable);
    expect(named).toEqual(['HELPDESK_TENANT_ID', 'HELPDESK_CLIENT_ID', 'HELPDESK_CLIENT_SECRET', 'PORT', 'SLACK_BOT_TOKEN']);
    expect(err.message.split('\n')).toHaveLength(5);
    expect(err.message).toContain('HELPDESK_CLIENT_SECRET: or HELPDESK_CLIENT_SECRET_FILE is required when HELPDESK_SITE_ID is set');
    // One problem stays a plain ConfigError with its one-line message.
    expect(failure({ ...tenantEnv, PORT: 'eighty' })).not.toBeInstanceOf(ConfigErrors);
  });

  it('defaults MicrosoftAppType to SingleTenant, which needs MicrosoftAppTenantId; an install relying on the old MultiTenant default is told both settings', () => {
    expect(loadConfig({}).teams.appType).toBe('SingleTenant');
    // No Teams app: nothing is required.
    expect(loadConfig({ MicrosoftAppPassword: '' }).teams.appId).toBeUndefined();
    const old = failure({ MicrosoftAppId: CLIENT, MicrosoftAppPassword: 'p' });
    expect(old.variable).toBe('MicrosoftAppTenantId');
    expect(old.message).toMatch(/MicrosoftAppType now defaults to SingleTenant/);
    expect(old.message).toContain('set MicrosoftAppType=MultiTenant to keep the old behaviour');
    expect(loadConfig({ MicrosoftAppId: CLIENT, MicrosoftAppPassword: 'p', MicrosoftAppType: 'MultiTenant' }).teams.appType).toBe('MultiTenant');
    expect(loadConfig({ MicrosoftAppId: CLIENT, MicrosoftAppPassword: 'p', MicrosoftAppTenantId: TENANT }).teams).toMatchObject({ appType: 'SingleTenant', appTenantId: TENANT });
  });

  it('requires the Bot Framework password when an app id is set', () => {
    expect(failure({ MicrosoftAppId: CLIENT, MicrosoftAppType: 'MultiTenant' }).variable).toBe('MicrosoftAppPassword');
    expect(failure({ MicrosoftAppId: CLIENT, MicrosoftAppPassword: 'p', MicrosoftAppType: 'SingleTenant' }).variable).toBe('MicrosoftAppTenantId');
    expect(failure({ MicrosoftAppType: 'Personal' }).variable).toBe('MicrosoftAppType');
  });

  it('stops on an invalid value of every enumerated setting, naming the variable and the accepted values', () => {
    expect(failure({ LOG_LEVEL: 'verbose' }).message).toBe('LOG_LEVEL: must be one of debug, info, warn, error (got "verbose")');
    expect(failure({ LOG_FORMAT: 'xml' }).message).toBe('LOG_FORMAT: must be one of json, pretty (got "xml")');
    expect(failure({ MicrosoftAppType: 'Personal' }).message).toMatch(/^MicrosoftAppType: must be one of MultiTenant, SingleTenant, UserAssignedMSI/);
    expect(loadConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' }).log).toEqual({ level: 'debug', format: 'pretty' });
  });

  it('listens on HOST, loopback by default', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(failure({ HOST: 'http://0.0.0.0' }).variable).toBe('HOST');
  });

  it('refuses the embedded demo site when NODE_ENV=production', () => {
    expect(failure({ NODE_ENV: 'production' }).message).toMatch(/^HELPDESK_SITE_ID: is required in production \(NODE_ENV=production\)/);
    expect(failure({ NODE_ENV: '' }, { productionBy: 'checked with --production' }).message).toMatch(/^HELPDESK_SITE_ID: is required in production \(checked with --production\)/);
    expect(loadConfig({ ...tenantEnv, NODE_ENV: 'production' }).production).toBe(true);
  });
});
