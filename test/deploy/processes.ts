/** Starts the project's entry points as real child processes, the way an admin or a container does. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(__dirname, '../..');
/** `node --import <this> file.ts` is what `npm start` runs: one process, TypeScript loaded by tsx's hooks. */
export const TSX_IMPORT = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

/** A fresh working directory holding the given settings files (e.g. { '.env': 'PORT=1' }). */
export function workDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'deploy-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/** The environment of this test process without anything that would change the bot's settings. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(HELPDESK_|SLACK_|TEAMS_APP_|Microsoft|PORT$|HOST$|LOG_|NODE_ENV$|VITEST)/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

/** A running child with its output collected. */
export interface Child {
  proc: ChildProcess;
  output(): string;
  /** Resolves with the first match of `pattern` in stdout+stderr; rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

const started = new Set<ChildProcess>();

/** Stops every child still running (after a failed assertion left one behind). */
export function stopAll(): void {
  for (const proc of started) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
}

/** Spawns `command args` in `cwd` and collects its output. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Child {
  const proc = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(proc);
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  proc.stdout!.on('data', onData);
  proc.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return {
    proc,
    output: () => out,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(pattern);
          if (m) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; output:\n${out}`));
        }, timeoutMs);
        listeners.add(check);
        exited.then(() => {
          check();
          if (listeners.has(check)) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`exited before ${pattern}; output:\n${out}`));
          }
        });
        check();
      });
    },
  };
}

/** Whether something still listens on 127.0.0.1:port (a bind attempt fails with EADDRINUSE). */
export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/** Whether a process with this id still exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
