/** `npm run playground`: opens the Microsoft 365 Agents Playground (a local Teams client) against the local bot. */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Options for the playground process. */
export interface PlaygroundConfig {
  /** The bot's messaging endpoint. */
  endpoint: string;
  /** The port the playground web page listens on. */
  port: number;
}

/** Reads the endpoint and port from the environment (defaults match `npm start`). */
export function playgroundConfig(env: Record<string, string | undefined>): PlaygroundConfig {
  const botPort = env.PORT?.trim() || '3978';
  const endpoint = env.PLAYGROUND_BOT_ENDPOINT?.trim() || `http://127.0.0.1:${botPort}/api/messages`;
  const port = Number(env.PLAYGROUND_PORT?.trim() || '56150');
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PLAYGROUND_PORT must be a port number, got "${env.PLAYGROUND_PORT}"`);
  }
  return { endpoint, port };
}

/** The command line that starts the playground with telemetry off. */
export function playgroundArgs(config: PlaygroundConfig): string[] {
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('@microsoft/m365agentsplayground/package.json')), 'cli.js');
  return [cli, '--app-endpoint', config.endpoint, '--channel-id', 'msteams', '--port', String(config.port), '--disable-telemetry'];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = playgroundConfig(process.env);
  process.stdout.write(`Agents Playground → bot at ${config.endpoint}; open http://127.0.0.1:${config.port}\n`);
  const child = spawn(process.execPath, playgroundArgs(config), {
stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
}
