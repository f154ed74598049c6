/**
 * The production start: `npm run build` then `npm run start:prod` (plain node, no transpiler), and
 * signals that reach the bot whichever way it was started. Real processes, real ports.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeConnector } from '../support/fake-connector';
import { ROOT, alive, cleanEnv, portInUse, run, workDir, type Child } from './processes';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const data = workDir();
const running: Child[] = [];
const botPids: number[] = [];
afterAll(() => {
  // After a failed assertion: stop the bots themselves too, since killing npm would orphan them.
  for (const pid of botPids) if (alive(pid)) process.kill(pid, 'SIGTERM');
  for (const c of running) if (c.proc.exitCode === null) c.proc.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
});

function botEnv(name: string): NodeJS.ProcessEnv {
  // Empty values in the environment win over any .env a developer keeps in the repository.
  return cleanEnv({ PORT: '0', HELPDESK_DATA_DIR: path.join(data, name), HELPDESK_SITE_ID: '', SLACK_BOT_TOKEN: '', SLACK_SIGNING_SECRET: '', SLACK_APP_TOKEN: '', MicrosoftAppId: '', LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
}

/** Starts `npm run <script>` in the repository; resolves once /healthz answers, with the port and the bot's own pid. */
async function startScript(script: string, name: string) {
  const child = run(npm, ['run', '--silent', script], ROOT, botEnv(name));
  running.push(child);
  const [, port] = await child.waitFor(/listening on http:\/\/127\.0\.0\.1:(\d+)\/api\/messages/, 120_000);
  const [, pid] = await child.waitFor(/"pid":(\d+)/);
  botPids.push(Number(pid));
  return { child, port: Number(port), botPid: Number(pid) };
}

async function stopsCleanly(child: Child, port: number, botPid: number) {
  expect(botPid).not.toBe(child.proc.pid); // the signal goes to npm, not to the bot itself
  child.proc.kill('SIGTERM');
  await child.exited;
  await child.waitFor(/SIGTERM: stopping/);
  // npm has exited; neither the bot process nor anything holding its port may be left.
  const deadline = Date.now() + 10_000;
  while (alive(botPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(alive(botPid)).toBe(false);
  expect(await portInUse(port)).toBe(false);
}

describe('production start', () => {
  it('npm run build compiles to dist/ and npm run start:prod serves /healthz with plain node', async () => {
    rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
    const build = run(npm, ['run', '--silent', 'build'], ROOT, cleanEnv());
    expect(await build.exited, build.output()).toBe(0);
    expect(existsSync(path.join(ROOT, 'dist/main.js'))).toBe(true);
    // V8 holds each loaded chunk's source while the bot runs, one byte a character only when none
    // lies beyond Latin-1 (scripts/bundle.ts escapes those in packages' regular expressions).
    const chunks = readdirSync(path.join(ROOT, 'dist')).filter((f) => /^main.*\.js$/.test(f));
    expect(chunks.filter((f) => /[^\u0000-\u00ff]/.test(readFileSync(path.join(ROOT, 'dist', f), 'utf8')))).toEqual([]);

    const { child, port, botPid } = await startScript('start:prod', 'prod');
    expect(child.output()).not.toMatch(/tsx/);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    // Cards are read from cards/ at run time: a Teams "help" through the compiled code gets its card.
    const connector = await startFakeConnector();
    connector.members.set('29:x', { id: '29:x', name: 'Alex Wilber', email: 'alexw@example.com', aadObjectId: '00000000-0000-0000-0000-0000000000a1' });
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'message', id: '1', text: 'help', channelId: 'msteams', serviceUrl: connector.url, from: { id: '29:x', name: 'X' }, conversation: { id: 'a:prod', conversationType: 'personal' }, recipient: { id: '28:bot' } }),
      });
      expect(res.status).toBeLessThan(300);
      const reply = await connector.waitFor((a) => a.conversationId === 'a:prod', 15_000);
      expect(JSON.stringify(reply.activity), JSON.stringify(reply.activity)).toContain('application/vnd.microsoft.card.adaptive');
    } finally {
      await connector.close();
    }
    // Node 22+ warns when a package loads its deprecated built-in punycode (botbuilder's node-fetch 2
    // did, through whatwg-url 5: package.json's overrides give it whatwg-url 14); an admin sees none.
    expect(child.output()).not.toMatch(/DeprecationWarning/);
    await stopsCleanly(child, port, botPid);
  }, 300_000);

  it('SIGTERM to the npm process of `npm start` stops the bot and frees its port', async () => {
    const { child, port, botPid } = await startScript('start', 'dev');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await stopsCleanly(child, port, botPid);
  }, 180_000);
});
