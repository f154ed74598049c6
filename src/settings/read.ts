/**
 * Reading one environment variable and checking its shape. Each reader names the variable in
 * its ConfigError, so a bad setting stops start-up with a message saying which one and why.
 */

/** Thrown for a missing or malformed setting; the message names the variable. */
export class ConfigError extends Error {
  constructor(readonly variable: string, problem: string) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Several settings wrong at once; the message lists each on its own line, so one run shows every fix. */
export class ConfigErrors extends ConfigError {
  constructor(readonly problems: readonly ConfigError[]) {
    super(problems[0].variable, '');
    this.name = 'ConfigErrors';
    this.message = problems.map((p) => p.message).join('\n');
  }
}

/** Gathers ConfigErrors instead of stopping at the first; `done()` throws them all (one as itself). */
export interface Problems {
  /** The value `read` returns, or `fallback` after noting the ConfigError(s) it threw. */
  read<T>(read: () => T, fallback: T): T;
  add(problem: ConfigError): void;
  done(): void;
}

/** A fresh Problems collector. */
export function problems(): Problems {
  const found: ConfigError[] = [];
  const add = (err: ConfigError) => found.push(...(err instanceof ConfigErrors ? err.problems : [err]));
  return {
    read(read, fallback) {
      try {
        return read();
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        add(err);
        return fallback;
      }
    },
    add,
    done() {
      if (found.length === 1) throw found[0];
      if (found.length > 1) throw new ConfigErrors(found);
    },
  };
}

/** The environment as read: process.env or a test's own map. */
export type Env = Record<string, string | undefined>;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The trimmed value, or undefined when unset or blank. */
export function value(env: Env, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The value; `why` completes "is required …" when it is missing. */
export function required(env: Env, name: string, why: string): string {
  const v = value(env, name);
  if (v === undefined) throw new ConfigError(name, `is required ${why}`);
  return v;
}

/** An https URL (http only on loopback), without trailing slashes. */
export function httpsUrl(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // new URL refused it: the setting is named with an example.
    throw new ConfigError(name, `"${raw}" is not a URL (expected e.g. ${fallback})`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ConfigError(name, `must be an https URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

/** A whole number within [min, max]. */
export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

/** One of a fixed set of values; the message names the variable and every accepted value. */
export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

/** A comma-separated list with at least one value. */
export function list(env: Env, name: string, fallback: readonly string[]): readonly string[] {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const items = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) throw new ConfigError(name, 'must list at least one value, comma-separated');
  return items;
}

/** A GUID, required when a tenant is configured. */
export function guid(env: Env, name: string): string {
  const v = required(env, name, 'when HELPDESK_SITE_ID is set');
  if (!GUID.test(v)) throw new ConfigError(name, `must be a GUID (got "${v}")`);
  return v;
}

/** True when NODE_ENV is production. */
export function isProduction(env: Env): boolean {
  return value(env, 'NODE_ENV') === 'production';
}
