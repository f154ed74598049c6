/**
 * The bot process, once src/main.ts has set V8's flags: settings from the environment and .env
 * files, start the bot, stop cleanly on SIGINT/SIGTERM.
 */
import { describeEmbedded, describeRunning, startApp, type App } from './app';
import { ConfigErrors, loadConfig, type Config } from './config';
import { loadEnvFiles } from './env';
import { configureLogging, log } from './log';

/** How long a graceful stop may take before the process exits anyway (a stuck outbound call). */
const STOP_TIMEOUT_MS = 10_000;

function readSettings(): { config: Readonly<Config>; files: string[] } {
  try {
    const { files } = loadEnvFiles();
    return { config: loadConfig(), files };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const lines = err instanceof ConfigErrors ? `Configuration errors (${err.problems.length}):\n${err.problems.map((p) => `  ${p.message}`).join('\n')}` : `Configuration error — ${message}`;
    process.stderr.write(`${lines}\nSee .env.example for every setting.\n`);
    process.exit(2);
  }
}

function banner(config: Readonly<Config>, app: App): string[] {
  const base = `http://${app.host.includes(':') ? `[${app.host}]` : app.host}:${app.port}`;
  const lines = [`Help-desk bot listening on ${base}/api/messages (Teams)`];
  if (config.slack && !config.slack.appToken) lines.push(`Slack events: ${base}/slack/events`);
  if (app.emulator) lines.push(...describeEmbedded(app.emulator));
  lines.push(...describeRunning(config, app.features));
  const loopback = app.host === '127.0.0.1' || app.host === '::1' || app.host === 'localhost';
  if (!config.teams.appId) {
    lines.push(
      loopback && !config.production
        ? 'Local mode: no MicrosoftAppId, so only this machine can reach the bot. Try it with `npm run playground`.'
        : `No MicrosoftAppId: Teams (/api/messages) answers this machine only; other requests on ${app.host} get 403.`,
    );
  }
  lines.push(`Readiness: ${base}/readyz (503 until the help desk answers); liveness: ${base}/healthz`);
  return lines;
}

/** Stops on the first SIGINT/SIGTERM; a second one, or a stop that hangs, exits at once. */
function stopOnSignals(app: App): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: stopping`);
    setTimeout(() => {
      log.error('Stopping took too long; exiting', { timeoutMs: STOP_TIMEOUT_MS });
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        log.error('Stopping failed', { error: err });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * The last resort: a promise nobody awaited or a callback that threw is logged with what it was,
 * and the process keeps serving; one handler's failure must never take both channels down.
 */
function keepServing(): void {
  process.on('unhandledRejection', (reason) => {
    log.error('Unhandled rejection; still serving', { kind: 'unhandledRejection', error: reason });
  });
  process.on('uncaughtException', (err, origin) => {
    log.error('Uncaught exception; still serving', { kind: origin, error: err });
  });
}

async function main(): Promise<void> {
  const { config, files } = readSettings();
  configureLogging(config.log);
  keepServing();
  if (files.length) log.info('Settings files read (the environment wins over them)', { files });
  const app = await startApp(config, { logger: log });
  process.stdout.write(`${banner(config, app).join('\n')}\n`);
  stopOnSignals(app);
  // Within a few seconds: whether the help desk, Teams and Slack can be reached from here.
  process.stdout.write(`${(await app.reachability()).join('\n')}\n`);
}

main().catch((err) => {
  log.error('Start-up failed', { error: err });
  process.stderr.write(`Start-up failed — ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
