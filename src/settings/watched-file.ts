/**
 * A checked JSON settings file while the bot runs (the SLA policy, the routing rules): loaded at
 * start-up, where a file that does not load stops the process with every problem found; then
 * re-read when its mtime changes. A bad new version is logged and the last good one kept, so a
 * typo never turns a feature off.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/** The two lines it logs (src/log's Logger fits; settings import nothing of the app). */
export interface WatchLog {
  info(msg: string, ctx?: Record<string, unknown>): void;
  error(msg: string, ctx?: Record<string, unknown>): void;
}

/** What a file's checker says: the value, or every problem found, each naming the file. */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** The file's text, or why it cannot be read (a finding like any other, named with the system's code). */
export async function readSettingsFile(file: string): Promise<{ ok: true; text: string } | { ok: false; errors: string[] }> {
  try {
    return { ok: true, text: await readFile(file, 'utf8') };
  } catch (e) {
    // Missing, unreadable, a directory: the checker's caller shows this as it shows a bad value.
    return { ok: false, errors: [`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`] };
  }
}

/** Reads and checks the file with `check` (which names the file in its errors). */
export async function loadSettingsFile<T>(file: string, check: (text: string, file: string) => Checked<T> | Promise<Checked<T>>): Promise<Checked<T> & { hash?: string }> {
  const read = await readSettingsFile(file);
  if (!read.ok) return read;
  const checked = await check(read.text, file);
  return { ...checked, hash: createHash('sha256').update(read.text).digest('hex').slice(0, 16) };
}

/** The version in force, and a way to pick up edits. */
export interface WatchedFile<T> {
  current(): T;
  /** A number that changes whenever a new version is taken in this process. */
  version(): number;
  /** A hash of the file's text in force: a store compares it to tell a changed file across restarts. */
  fingerprint(): string;
  /** Re-reads the file when its mtime changed; resolves true when a new version was taken. */
  refresh(): Promise<boolean>;
}

/** Options for watchSettingsFile. */
export interface WatchedFileConfig<T> {
  file: string;
  check: (text: string, file: string) => Checked<T> | Promise<Checked<T>>;
  logger: WatchLog;
  /** The error start-up throws when the first version does not load. */
  failure: (errors: string[]) => Error;
  /** What the log says of a bad edit (then "; keeping the last good version") and of a good one. */
  said: { bad: string; reread: string };
  /** What the log adds about a version taken (its groups, its priorities). */
  describe: (value: T) => Record<string, unknown>;
  /** Called with each version taken, the first included (a check worth a warning). */
  taken?: (value: T) => void;
}

async function mtimeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    // Missing or unreadable: the mtime reads as changed, and loading the file then says what is wrong.
    return undefined;
  }
}

/** Loads the file; throws `failure(errors)` when it does not load. */
export async function watchSettingsFile<T>(config: WatchedFileConfig<T>): Promise<WatchedFile<T>> {
  const { file, logger } = config;
  let mtime = await mtimeOf(file);
  const first = await loadSettingsFile(file, config.check);
  if (!first.ok) throw config.failure(first.errors);
  let value = first.value;
  let hash = first.hash!;
  let version = 1;
  config.taken?.(value);
  return {
    current: () => value,
    version: () => version,
    fingerprint: () => hash,
    async refresh() {
      const now = await mtimeOf(file);
      if (now === mtime) return false;
      mtime = now;
      const next = await loadSettingsFile(file, config.check);
      if (!next.ok) {
        logger.error(`${config.said.bad}; keeping the last good version`, { file, errors: next.errors });
        return false;
      }
      value = next.value;
      hash = next.hash!;
      version += 1;
      config.taken?.(value);
      logger.info(config.said.reread, { file, ...config.describe(value) });
      return true;
    },
  };
}
