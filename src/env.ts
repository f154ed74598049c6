/**
 * Settings files: `.env.local` and `.env` in the working directory fill in whatever the
 * environment does not already set. Precedence: environment, then `.env.local`, then `.env`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The files read, most important first. */
export const ENV_FILES = ['.env.local', '.env'] as const;

/** Which files were read and which variables each one supplied (names only, never values). */
export interface EnvFilesLoaded {
  files: string[];
  applied: Record<string, string[]>;
}

/**
 * Reads the settings files into `env` (default process.env) without overriding anything already
 * set. Node's own parser (util.parseEnv, the one behind `node --env-file`) reads the files; it is
 * used instead of process.loadEnvFile so that `.env.local` can win over `.env` and the caller learns
 * which file supplied what. A file that does not exist is skipped; an unreadable one throws.
 */
export function loadEnvFiles(dir: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): EnvFilesLoaded {
  const loaded: EnvFilesLoaded = { files: [], applied: {} };
  for (const name of ENV_FILES) {
    const file = path.join(dir, name);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new Error(`${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code})`);
    }
    loaded.files.push(file);
    const applied: string[] = [];
    for (const [key, value] of Object.entries(parseEnv(text))) {
      if (env[key] !== undefined) continue;
      env[key] = value;
      applied.push(key);
    }
    loaded.applied[file] = applied;
  }
  return loaded;
}
