/** `npm start`: read the configuration once, start the bot, stop cleanly on SIGINT/SIGTERM. */
import { describeEmbedded, startApp } from './app';
import { ConfigError, loadConfig } from './config';
import { log } from './log';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error — ${err.message}\nSee .env.example for every setting.\n`);
      process.exit(2);
    }
    throw err;
  }
  const app = await startApp(config, { logger: log });
  const lines = [`Help-desk bot listening on http://${app.host}:${app.port}/api/messages (Teams)`];
  if (config.slack && !config.slack.appToken) lines.push(`Slack events: http://${app.host}:${app.port}/slack/events`);
  if (app.emulator) lines.push(...describeEmbedded(app.emulator));
  if (!config.teams.appId) lines.push('Local mode: no MicrosoftAppId, so only this machine can reach the bot. Try it with `npm run playground`.');
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping`);
    app.close().then(
      () => process.exit(0),
      (err) => {
        log.error('Stopping failed', { error: err });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  log.error('Start-up failed', { error: err });
  process.exit(1);
});
