/**
 * Readiness against a real tenant stand-in (the emulator, behind a TCP proxy that can cut the
 * link): /readyz is 503 until the first Graph read answers, 200 as soon as commands work even
 * while the first full read of a large list is still going on, and 503 again after 3 failed poll
 * cycles; /healthz is liveness and stays 200 throughout. Real HTTP only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp } from '../src/app';
import { loadConfig } from '../src/config';
import { LIST_VIEW_THRESHOLD, startEmulator, type Emulator } from '../src/emulator';
import { FULL_READ_PAGE } from '../src/helpdesk/changes';
import { createLogger } from '../src/log';
import { ticketRow } from './notify/emulator-setup';
import { startTcpProxy } from './support/tcp-proxy';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The bot on a tenant reached through a proxy; `cut` starts it with the link down. */
async function startBehindProxy(emu: Emulator, cut: boolean) {
  const proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(emu.url).port) });
  cleanup.push(() => proxy.close());
  if (cut) proxy.cut();
  const via = `http://127.0.0.1:${proxy.port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'ready-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const app = await startApp(
    loadConfig({
      HELPDESK_SITE_ID: emu.siteId,
      HELPDESK_TENANT_ID: emu.tenantId,
      HELPDESK_CLIENT_ID: emu.clientId,
      HELPDESK_CLIENT_SECRET: emu.clientSecret,
      HELPDESK_GRAPH_URL: via,
      HELPDESK_AUTH_URL: via,
      HELPDESK_DATA_DIR: dir,
      HELPDESK_POLL_SECONDS: '1',
      PORT: '0',
    }),
    { logger: createLogger({ level: 'error', write: () => undefined }) },
  );
  cleanup.push(() => app.close());
  const base = `http://${app.host}:${app.port}`;
  return {
    proxy,
    app,
    ready: async () => {
      const res = await fetch(`${base}/readyz`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    live: async () => (await fetch(`${base}/healthz`)).status,
  };
}

describe('/readyz and /healthz', () => {
  it('503 until the help desk answers a first read, then 200; 503 again after 3 failed poll cycles, 200 once it answers again', async () => {
    const emu = await startEmulator({ seed: 'demo' });
    cleanup.push(() => emu.close());
    // The link is down before the bot starts: a production start against an unreachable tenant.
    const { proxy, ready, live, app } = await startBehindProxy(emu, true);

    const down = await ready();
    expect(down.status).toBe(503);
    expect(String(down.body.detail)).toMatch(/help desk not reachable yet/);
    expect(await live()).toBe(200);
    expect((await app.reachability())[0]).toMatch(/^Help desk: NOT reachable \(tenant .*\): .*\/readyz 503/);

    proxy.restore();
    await until(async () => (await ready()).status === 200, 'ready once the tenant answers');

    proxy.cut();
    await until(async () => (await ready()).status === 503, '503 after 3 failed poll cycles');
    const unreachable = await ready();
    expect(String(unreachable.body.detail)).toMatch(/help desk unreachable for [3-9] poll cycles/);
    expect(await live()).toBe(200);

    proxy.restore();
    await until(async () => (await ready()).status === 200, 'ready again');
  }, 180_000);

  it('200 while the first full read of a large list is still going on', async () => {
    const emu = await startEmulator({ seed: 'none', latencyMs: 500 });
    cleanup.push(() => emu.close());
    const size = LIST_VIEW_THRESHOLD + 1;
    emu.data.bulkInsert('SD_Tickets', Array.from({ length: size }, (_, i) => ticketRow(i)));
    const pages = Math.ceil(size / FULL_READ_PAGE);
    const { ready } = await startBehindProxy(emu, false);
    await until(async () => (await ready()).status === 200, 'ready', 20_000);
    // Read after the 200: fewer ticket reads than the full read's pages means it was still under way.
    expect(emu.counters.get('GET SD_Tickets/items')).toBeLessThan(pages);
    expect(pages).toBeGreaterThanOrEqual(6);
  }, 60_000);
});
