/** A bot started the way `npm start` starts it, as its own OS process (so a test can SIGKILL it). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A running bot process. */
export interface BotProcess {
  child: ChildProcess;
  base: string;
  health(): Promise<{ ok: boolean; polling: boolean; cycles: number; committed?: number; detail?: string; store?: unknown }>;
  /** Stops it (SIGTERM, then SIGKILL) unless it already exited. */
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

/** The settings a replica needs to reach the emulated tenant and the Slack stand-in, on one database. */
export function replicaEnv(
  site: { siteId: string; tenantId: string; clientId: string; clientSecret: string; url: string },
  slack: { token: string; apiUrl: string },
  options: { databaseUrl: string; dataDir: string; signingSecret: string; pollSeconds?: number },
): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    HELPDESK_DATA_DIR: options.dataDir,
    HELPDESK_SITE_ID: site.siteId,
    HELPDESK_TENANT_ID: site.tenantId,
    HELPDESK_CLIENT_ID: site.clientId,
    HELPDESK_CLIENT_SECRET: site.clientSecret,
    HELPDESK_GRAPH_URL: site.url,
    HELPDESK_AUTH_URL: site.url,
    HELPDESK_POLL_SECONDS: String(options.pollSeconds ?? 1),
    SLACK_BOT_TOKEN: slack.token,
    SLACK_SIGNING_SECRET: options.signingSecret,
    SLACK_API_URL: slack.apiUrl,
  };
}

/** Bot processes sharing one database, each with its own data directory. */
export interface Replicas {
  bots: BotProcess[];
  /** Stops every replica still running and removes their data directories. */
  stop(): Promise<void>;
}

/** Starts two replicas (replicaEnv) one after the other; if one cannot start, what started is stopped. */
export async function startReplicas(
  site: Parameters<typeof replicaEnv>[0],
  slack: Parameters<typeof replicaEnv>[1],
  options: Omit<Parameters<typeof replicaEnv>[2], 'dataDir'> & { dirPrefix: string },
): Promise<Replicas> {
  const bots: BotProcess[] = [];
  const dirs: string[] = [];
  const replicas: Replicas = {
    bots,
    async stop() {
      for (const b of bots) await b.stop();
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
  try {
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), `${options.dirPrefix}-${i}-`));
      dirs.push(dir);
      bots.push(await startBotProcess(replicaEnv(site, slack, { ...options, dataDir: dir })));
    }
  } catch (err) {
    await replicas.stop();
    throw err;
  }
  return replicas;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Spawns `src/main.ts` with `env` and resolves once it prints where it listens. */
export async function startBotProcess(env: Record<string, string>): Promise<BotProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`bot did not start in time; stderr: ${stderr.slice(-2000)}`)), 45_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[\d.]+:\d+)\/api\/messages/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`bot exited (${code}) before listening; stderr: ${stderr.slice(-2000)}`));
    });
  });
  return {
    child,
    base,
    exited,
    async health() {
      return (await fetch(`${base}/healthz`)).json();
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
