/**
 * Structured logging on pino: one JSON object per line (LOG_FORMAT=pretty for people, through
 * pino-pretty). Secrets never reach the log: secret-bearing keys are censored by pino's redact,
 * and token-shaped strings in messages and values are masked before pino sees them.
 */
import pino from 'pino';
import pretty from 'pino-pretty';

/** The levels LOG_LEVEL accepts. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The formats LOG_FORMAT accepts: json (default, for log collectors) or pretty (for a terminal). */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** What the rest of the code logs through; the shape predates pino, so call sites stay as they are. */
export interface Logger {
  debug(msg: string, ctx?: Record<string, unknown>): void;
  info(msg: string, ctx?: Record<string, unknown>): void;
  warn(msg: string, ctx?: Record<string, unknown>): void;
  error(msg: string, ctx?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

const SECRET_KEYS = [
  'authorization', 'Authorization', 'access_token', 'refresh_token', 'client_secret', 'clientSecret', 'password',
  'secret', 'token', 'appPassword', 'signingSecret', 'botToken', 'appToken', 'cookie',
];
// pino's redact works on paths: the key itself, one and two levels down (e.g. req.headers.authorization).
const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

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

// Values may hold tokens in free text (an error message quoting a header); keys are pino's job.
function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (value instanceof Error) {
    const code = (value as NodeJS.ErrnoException).code;
    const cause = value.cause instanceof Error ? redact(value.cause.message) : undefined;
    return { type: value.name, message: redact(value.message), ...(code ? { code } : {}), ...(cause ? { cause } : {}), stack: value.stack && redact(value.stack) };
  }
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = clean(v, depth + 1);
  return out;
}

// Keys pino writes itself on every line; a binding or context key of the same name is renamed, not repeated.
const OWN_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg']);

/**
 * One object per line from the logger's bindings and the call's context, so every key appears
 * once: a child's binding replaces its parent's (`component: 'graph-token'` under `'graph'`), a
 * context value replaces a binding, and a key pino writes itself gets a `_value` suffix.
 * pino's own child loggers would repeat such keys, and JSON.parse keeps only the last.
 */
function merged(bindings: Record<string, unknown>, ctx?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries({ ...bindings, ...ctx })) out[OWN_KEYS.has(k) ? `${k}_value` : k] = v;
  return out;
}

function wrap(p: pino.Logger, bindings: Record<string, unknown> = {}): Logger {
  const bound = Object.keys(bindings).length > 0;
  const emit = (lvl: LogLevel) => (msg: string, ctx?: Record<string, unknown>) => {
    if (!p.isLevelEnabled(lvl)) return;
    if (ctx || bound) p[lvl](merged(bindings, ctx && (clean(ctx) as Record<string, unknown>)), redact(msg));
    else p[lvl](redact(msg));
  };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    child: (more) => wrap(p, { ...bindings, ...(clean(more) as Record<string, unknown>) }),
  };
}

/** Options for createLogger. */
export interface LoggerOptions {
  level?: LogLevel;
  format?: LogFormat;
  /** Where each JSON line goes (without its newline); defaults to stderr. Tests pass an array sink. */
  write?: (line: string) => void;
  bindings?: Record<string, unknown>;
}

function destination(options: LoggerOptions): pino.DestinationStream {
  const write = options.write;
  if (write) return { write: (s: string) => write(s.replace(/\n$/, '')) };
  // Synchronous writes: a line logged just before process.exit is not lost.
  if (options.format === 'pretty') return pretty({ destination: 2, sync: true, translateTime: 'SYS:HH:MM:ss.l' });
  return pino.destination({ fd: 2, sync: true });
}

function envLevel(): LogLevel | undefined {
  const raw = process.env.LOG_LEVEL?.trim();
  // An invalid value is reported by loadConfig (naming LOG_LEVEL); until then the default applies.
  return (LOG_LEVELS as readonly string[]).includes(raw ?? '') ? (raw as LogLevel) : undefined;
}

/** Creates a logger; level from options, else LOG_LEVEL, else info (warn under vitest). */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? envLevel() ?? (process.env.VITEST ? 'warn' : 'info');
  const p = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    },
    destination(options),
  );
  return wrap(p, clean(options.bindings ?? {}) as Record<string, unknown>);
}

let root: Logger = createLogger({ format: process.env.LOG_FORMAT?.trim() === 'pretty' ? 'pretty' : 'json' });

/** Re-creates the process-wide logger from validated settings (entry points call it after loadConfig). */
export function configureLogging(options: Pick<LoggerOptions, 'level' | 'format'>): void {
  root = createLogger(options);
}

/** The process-wide logger; follows configureLogging, including for children made afterwards. */
export const log: Logger = {
  debug: (m, c) => root.debug(m, c),
  info: (m, c) => root.info(m, c),
  warn: (m, c) => root.warn(m, c),
  error: (m, c) => root.error(m, c),
  child: (b) => root.child(b),
};
