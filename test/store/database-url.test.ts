/** DATABASE_URL picks the shared store; without it nothing changes. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('DATABASE_URL', () => {
  it('is optional: without it the store stays SQLite under the data directory', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
  });

  it('accepts postgres:// and postgresql:// URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://bot:pw@db:5432/helpdesk' }).databaseUrl).toBe('postgres://bot:pw@db:5432/helpdesk');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/helpdesk' }).databaseUrl).toBe('postgresql://db/helpdesk');
  });

  it('rejects anything else by name, without echoing the value (it may hold a password)', () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: 'mysql://bot:s3cret@db/helpdesk' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('DATABASE_URL');
    expect((error as Error).message).not.toContain('s3cret');
  });
});
