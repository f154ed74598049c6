/**
 * The bot as `npm start` builds it (startApp) with HELPDESK_ROUTING_FILE set, on a help-desk site
 * (the emulator, seen through a recording HTTP proxy so a test sees each PATCH's If-Match and can
 * let an agent claim a ticket just before routing's write lands), a Slack workspace (the fake Web
 * API) where the agents get their DMs, and a channel subscribed to every ticket. The poller is
 * driven a cycle at a time (`poll`), or on its timer (`timer: true`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApp, type App } from '../../../src/app';
import { loadConfig } from '../../../src/config';
import { startEmulator, type Emulator } from '../../../src/emulator';
import { createLogger } from '../../../src/log';
import { createConversationPorts, createSqliteStore } from '../../../src/store';
import { startFakeSlack, type FakeSlack } from '../../support/fake-slack';
import { createSlackPoster, interactiveBody, slackFixture, slashBody } from '../../support/slack-request';

export const SECRET = 'routed-desk-signing-secret';
export const DESK = 'CDESK0001';
export const megan = { id: 'UMEGAN001', name: 'Megan Bowen', email: 'megan@contoso.com' };
export const alex = { id: 'UALEX0001', name: 'Alex Wilber', email: 'alex@contoso.com' };
export const pat = { id: 'UPATTI001', name: 'Patti Fernandez', email: 'patti@contoso.com' };

/** One Graph request as the proxy saw it. */
export interface Seen {
  method: string;
  url: string;
  ifMatch?: string;
}

export interface RoutedDesk {
  emu: Emulator;
  slack: FakeSlack;
  app: App;
  dir: string;
  /** Graph requests, in order. */
  requests: Seen[];
  /** Runs before a request is passed on to the site (a claim that lands first). */
  before?: (seen: Seen) => void;
  /** One poll cycle and the sends it owed. */
  poll(): Promise<void>;
  /** Types a command in Slack as this person. */
  type(person: { id: string }, text: string): Promise<void>;
  /** Files a ticket in Slack (the new-ticket form submitted) as this person; resolves once the bot answered. */
  fileInChat(person: { id: string }, title: string): Promise<void>;
  /** A new ticket created directly in the list (the SharePoint product), as Patti. */
  file(title: string, fields?: Record<string, unknown>): number;
  /** The ticket's assignee on the site. */
  assignee(id: number): string;
  /** DMs the person got. */
  dms(person: { id: string }): string[];
  /** Stops the bot and starts it again on the same data directory (a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Group "Hardware", round robin over Megan and Alex; a ticket nobody can take waits. */
export const HARDWARE = { groups: [{ name: 'Hardware', agents: [megan.email, alex.email], method: 'round-robin' }], default: 'Hardware' };

/** Starts the desk with these rules; `timer` runs the poller on its own every `pollSeconds`. */
export async function startRoutedDesk(rules: object = HARDWARE, options: { timer?: boolean; pollSeconds?: number } = {}): Promise<RoutedDesk> {
  const emu = await startEmulator({ seed: 'none' });
  for (const a of [megan, alex]) emu.data.insert('SD_Agents', { Title: a.name, SD_Email: a.email, SD_IsActive: true });
  const slack = await startFakeSlack({ users: [megan, alex, pat] });
  const dir = mkdtempSync(path.join(tmpdir(), 'routed-desk-'));
  writeFileSync(path.join(dir, 'routing.json'), JSON.stringify(rules));
  const seed = createSqliteStore({ dataDir: dir });
  await createConversationPorts(seed).subscribe({ platform: 'slack', id: DESK, kind: 'channel' }, { kind: 'all' }, megan);
  await seed.close();

  const requests: Seen[] = [];
  // Read by the proxy from the first request on (start-up reads the site before `desk` exists).
  const hooks: Pick<RoutedDesk, 'before'> = {};
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: Seen = { method: req.method ?? '', url: req.url ?? '', ...(req.headers['if-match'] ? { ifMatch: String(req.headers['if-match']) } : {}) };
      requests.push(seen);
      hooks.before?.(seen);
      // The Host header is kept: the site answers (tokens, links) for the address the bot knows it by, this proxy's.
      const out = http.request(`${emu.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      // The site went away mid-request (the test is closing): the bot sees a dropped connection.
      out.on('error', () => res.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const config = loadConfig({
    HELPDESK_DATA_DIR: dir, PORT: '0', HELPDESK_POLL_SECONDS: String(options.pollSeconds ?? 1), HELPDESK_ROUTING_FILE: path.join(dir, 'routing.json'),
    HELPDESK_SITE_ID: emu.siteId, HELPDESK_TENANT_ID: emu.tenantId, HELPDESK_CLIENT_ID: emu.clientId, HELPDESK_CLIENT_SECRET: emu.clientSecret,
    HELPDESK_GRAPH_URL: proxyUrl, HELPDESK_AUTH_URL: proxyUrl,
    SLACK_BOT_TOKEN: slack.token, SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slack.apiUrl,
  });
  const logger = createLogger({ level: 'error', write: () => undefined });
  const begin = () => startApp(config, { logger, poll: options.timer === true, deliveryIntervalMs: 0 });

  let typed = 0;
  const desk: RoutedDesk = {
    emu, slack, dir, requests, app: await begin(),
    set before(f) {
      hooks.before = f;
    },
    get before() {
      return hooks.before;
    },
    async poll() {
      await desk.app.poller.runOnce();
    },
    async type(person, text) {
      const post = createSlackPoster(`http://${desk.app.host}:${desk.app.port}/slack/events`, SECRET);
      const answer = `typed-${++typed}`;
      const res = await post(slashBody({ ...slackFixture<Record<string, string>>('slash-command'), user_id: person.id, channel_id: `D${person.id.slice(1)}`, text, response_url: slack.responseUrl(answer) }));
      if (res.status !== 200) throw new Error(`${text}: ${res.status}`);
      await slack.waitFor('response_url', (c) => c.responseId === answer);
    },
    async fileInChat(person, title) {
      const post = createSlackPoster(`http://${desk.app.host}:${desk.app.port}/slack/events`, SECRET);
      const payload = slackFixture<Record<string, any>>('view-submission');
      payload.user.id = person.id;
      payload.view.state.values.title.value.value = title;
      const res = await post(interactiveBody(payload));
      if (res.status !== 200) throw new Error(`filing ${title}: ${res.status}`);
    },
    file(title, fields = {}) {
      const { id } = emu.data.insert('SD_Tickets', {
        Title: title, SD_Description: 'It broke', SD_Priority: 'Normal', SD_Status: 'New', SD_Category: 'Hardware',
        SD_SubmittedBy: pat.email, SD_SubmittedByName: pat.name, SD_SubmittedByEmail: pat.email, SD_AssignedTo: '', ...fields,
      });
      return Number(id);
    },
    assignee: (id) => String(emu.data.get('SD_Tickets', String(id))?.fields.SD_AssignedTo ?? ''),
    dms: (person) => slack.messages.filter((m) => m.channel === `D${person.id.slice(1)}`).map((m) => m.text),
    async restart() {
      await desk.app.close();
      desk.app = await begin();
    },
    async close() {
      await desk.app.close();
      await new Promise((r) => proxy.close(r));
      await slack.close();
      await emu.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return desk;
}
