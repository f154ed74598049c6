/**
 * One-line structured logging. Secrets never reach the log: known secret-bearing keys are
 * dropped and token-shaped strings are masked before anything is written.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, ctx?: Record<string, unknown>): void;
  info(msg: string, ctx?: Record<string, unknown>): void;
  warn(msg: string, ctx?: Record<string, unknown>): void;
  error(msg: string, ctx?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

const SECRET_KEYS = /^(authorization|access_token|client_secret|clientsecret|password|secret|token|apppassword|signingsecret|bottoken|apptoken)$/i;
const SECRET_PATTERNS: RegExp[] = [
  /Bearer\s+[A-Za-z0-9._~+/=-]+/g,
  /xox[abposr]-[A-Za-z0-9-]+/g,
  /xapp-[A-Za-z0-9-]+/g,
  /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
  /client_secret=[^&\s]+/g,
];

/** Masks token-shaped substrings; used on every message and string value that is logged. */
export function redact(text: string): string {
  let out = text;
  for (const p of SECRET_PATTERNS) out = out.replace(p, (m) => `${m.slice(0, 4)}…[redacted]`);
  return out;
}

function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (value instanceof Error) return { name: value.name, message: redact(value.message) };
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.test(k) ? '[redacted]' : clean(v, depth + 1);
  return out;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go; defaults to stderr. Tests pass an array sink to read what was logged. */
  write?: (line: string) => void;
  bindings?: Record<string, unknown>;
}

/** Creates a logger; level from LOG_LEVEL (default info, or warn under vitest). */
export function createLogger(options: LoggerOptions = {}): Logger {
  const envLevel = process.env.LOG_LEVEL as LogLevel | undefined;
  const level: LogLevel = options.level ?? envLevel ?? (process.env.VITEST ? 'warn' : 'info');
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const bindings = options.bindings ?? {};
  const emit = (lvl: LogLevel, msg: string, ctx?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    const fields = clean({ ...bindings, ...ctx }) as Record<string, unknown>;
    const extra = Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v)}`)
      .join(' ');
    write(`${new Date().toISOString()} ${lvl.toUpperCase()} ${redact(msg)}${extra ? ` ${extra}` : ''}`);
  };
  return {
    debug: (m, c) => emit('debug', m, c),
    info: (m, c) => emit('info', m, c),
    warn: (m, c) => emit('warn', m, c),
    error: (m, c) => emit('error', m, c),
    child: (b) => createLogger({ level, write, bindings: { ...bindings, ...b } }),
  };
}

/** The process-wide logger. */
export const log: Logger = createLogger();
