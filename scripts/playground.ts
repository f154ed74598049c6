/**
 * `npm run playground`: Microsoft 365 Agents Playground against the local bot
 * (http://127.0.0.1:${PORT:-3978}/api/messages), telemetry off, no browser opened for you.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnvFiles } from '../src/env';

loadEnvFiles();
const require = createRequire(import.meta.url);
const cli = require.resolve('@microsoft/m365agentsplayground/cli.js');
const botPort = process.env.PORT?.trim() || '3978';
const uiPort = process.env.PLAYGROUND_PORT?.trim() || '56150';
for (const [name, v] of [['PORT', botPort], ['PLAYGROUND_PORT', uiPort]]) {
  if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) {
    process.stderr.write(`${name} must be a port number from 1 to 65535 (got "${v}")\n`);
    process.exit(2);
  }
}
const endpoint = `http://127.0.0.1:${botPort}/api/messages`;

const child = spawn(process.execPath, [cli, '--app-endpoint', endpoint, '--channel-id', 'msteams', '--port', uiPort, '--disable-telemetry'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    BOT_ENDPOINT: endpoint,
    DEFAULT_CHANNEL_ID: 'msteams',
    TEAMSAPPTESTER_BROWSER: 'none',
    // Its default log file is ./devTools/…; keep the working tree clean.
    M365_AGENTS_PLAYGROUND_LOGFILE: process.env.M365_AGENTS_PLAYGROUND_LOGFILE ?? path.join(mkdtempSync(path.join(tmpdir(), 'playground-')), 'playground.log'),
  },
});
let announced = false;
child.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  const m = /Listening on (\d+)|https?:\/\/(?:localhost|127\.0\.0\.1):(\d+)\/?\s/.exec(chunk.toString());
  const port = m?.[1] ?? m?.[2];
  if (!announced && port && port !== botPort) {
    announced = true;
    process.stdout.write(`\nOpen http://127.0.0.1:${port} — you are Alex Wilber (alexw@example.com), a demo agent. Bot: ${endpoint} (start it with \`npm start\`).\n`);
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
