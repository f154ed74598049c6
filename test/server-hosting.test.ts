/**
 * Slack-only hosting: HOST opens the server to other machines, and without a MicrosoftAppId the
 * Teams route answers this machine only. Real requests over real sockets; the requests from
 * "another machine" run inside a private network namespace the test makes (`unshare -n`, a tun
 * interface carrying 192.0.2.2), so the test never touches this machine's own network.
 */
import { spawnSync } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log';
import { createServer, isLoopbackAddress, type ServerConfig, type TeamsEndpoint } from '../src/server';
import { inCi } from './support/ci';

const lines: string[] = [];
const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
  lines.length = 0;
});

/** A documentation address (RFC 5737), carried only by the namespace's own interface. */
const OUTSIDE = '192.0.2.2';
const ROOT = path.resolve(__dirname, '..');

/** Why a private network namespace with a test interface cannot be made here, if it cannot. */
function namespaceProblem(): string | undefined {
  const probe = spawnSync('unshare', ['-n', 'sh', '-c', 'ip tuntap add dev t0 mode tun'], { encoding: 'utf8' });
  if (probe.status !== 0) return `\`unshare -n\` with a tun interface is not possible here (${(probe.stderr || probe.error?.message || '').trim()})`;
  return undefined;
}
const problem = namespaceProblem();
if (problem && !inCi) process.stderr.write(`Skipping the non-loopback hosting tests: ${problem}\n`);

/** What test/support/hosting-in-netns.ts reports. */
interface NetnsReport {
  noAppId: { host: string; teamsFar: { status: number; body: { error?: string }; calls: number }; slackFar: string; healthFar: number; near: { status: number; calls: number } };
  withAppId: { status: number; calls: number };
  logs: { level: number; msg: string; remoteAddress?: string }[];
}

/** Runs test/support/hosting-in-netns.ts inside a fresh network namespace and returns its report. */
function fromAnotherMachine(): NetnsReport {
  if (problem) throw new Error(`CI=true and the non-loopback hosting test cannot run: ${problem}`);
  const tsx = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const setup = `ip link set lo up && ip tuntap add dev t0 mode tun && ip addr add ${OUTSIDE}/24 dev t0 && ip link set t0 up`;
  const run = spawnSync('unshare', ['-n', 'sh', '-c', `${setup} && exec "$0" --import "$1" test/support/hosting-in-netns.ts ${OUTSIDE}`, process.execPath, tsx], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

let teamsCalls = 0;
const teams: TeamsEndpoint = {
  async handle(_req, res) {
    teamsCalls++;
    res.send(200, { handled: true });
  },
};
const slack = {
  requestListener: (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('slack ok');
  },
};

async function start(overrides: Partial<ServerConfig>) {
  const server = createServer({ port: 0, teams, slack, health: async () => ({ ok: true }), logger, allowUnauthenticated: true, ...overrides });
  const address = await server.listen();
  closers.push(() => server.close());
  return address;
}

const activity = JSON.stringify({ type: 'message', text: 'help', channelId: 'msteams', from: { id: '29:x' }, conversation: { id: 'a:1' } });
const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: activity });

describe('HOST and the Teams route without MicrosoftAppId', () => {
  it('tells loopback addresses from others, IPv4-mapped included', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '10.0.0.1', '', undefined]) expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it.skipIf(Boolean(problem) && !inCi)('on a non-loopback HOST serves Slack and /healthz to other machines and refuses them Teams; with MicrosoftAppId Teams is open to every caller', () => {
    const { noAppId, withAppId, logs } = fromAnotherMachine();
    expect(noAppId.host).toBe('0.0.0.0');
    expect(noAppId.teamsFar.status).toBe(403);
    expect(noAppId.teamsFar.body.error).toMatch(/no MicrosoftAppId/);
    expect(noAppId.teamsFar.calls).toBe(0);
    expect(logs.some((e) => e.level === 40 && e.remoteAddress === OUTSIDE && /Refused a Teams request/.test(e.msg))).toBe(true);
    expect(noAppId.slackFar).toBe('slack ok');
    expect(noAppId.healthFar).toBe(200);
    // The same server still serves Teams to this machine (the Playground).
    expect(noAppId.near).toEqual({ status: 200, calls: 1 });
    // Once MicrosoftAppId is set botbuilder checks the token, so every caller reaches it (proxy headers too).
    expect(withAppId).toEqual({ status: 200, calls: 1 });
  }, 60_000);

  it('refuses a loopback request that came through a proxy, since a local proxy makes everyone look local', async () => {
    const { port } = await start({});
    teamsCalls = 0;
    for (const header of <Record<string, string>[]>[{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }]) {
      expect((await post(`http://127.0.0.1:${port}/api/messages`, header)).status).toBe(403);
    }
    expect(teamsCalls).toBe(0);
  });
});
