/**
 * A feature is a folder (docs/design.md, "Adding a feature"): test/features/fixture declares one
 * command with its card, one table (a numbered migration) and one poll-cycle hook, and nothing in
 * src/ names it. The bot is started with the product's feature list plus that one, the way
 * src/app.ts starts it from src/features/index.ts, and the feature works through the real Teams
 * endpoint (typed, and Action.Execute on a card), the real Slack endpoint (slash command, and a
 * button), and the real poller, with its table made by the store's one migrator on SQLite and on
 * PostgreSQL.
 */
import { writeFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommand, REGISTRY } from '../../src/commands';
import { registryOf, type CommandRegistry } from '../../src/commands/registry';
import type { GraphClient } from '../../src/graph';
import type { HelpdeskService, Vocabulary } from '../../src/helpdesk/types';
import { bindFeatures, FEATURES, featureMigrations, type AnyFeature, type BoundFeatures } from '../../src/features';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { loadConfig } from '../../src/config';
import { startEmulator } from '../../src/emulator';
import { createLogger } from '../../src/log';
import { runDoctor } from '../../src/setup-check/run-doctor';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { recordingDelivery } from '../notify/recording-delivery';
import { createConversationPorts } from '../../src/store';
import { createPostgresStore, createSqliteStore, type Store } from '../../src/store';
import { PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { freshDatabase, pgAvailable } from '../support/postgres';
import { interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';
import { fixtureFeature, PIN } from './fixture/fixture-feature';
import { testHost } from '../support/feature-commands';
import type { FixtureTables } from './fixture/tables';

const logger = createLogger({ level: 'error', write: () => undefined });

/** The product's features plus the fixture: the one line src/features/index.ts would get. */
const features: readonly AnyFeature[] = [...FEATURES, fixtureFeature];

/** The store as src/app.ts opens it: its one migrator runs the store's migrations, then every listed feature's (featureMigrations). */
const engines: { name: string; skip: boolean; open(dir: string): Promise<Store> }[] = [
  { name: 'SQLite', skip: false, open: async (dir) => createSqliteStore({ dataDir: dir, features: featureMigrations(features) }) },
  { name: 'PostgreSQL', skip: !pgAvailable(), open: async () => createPostgresStore({ url: await freshDatabase(), features: featureMigrations(features) }) },
];

describe('binding a feature list', () => {
  it('declares the fixture table as one numbered migration of the fixture feature, after the product\'s', () => {
    expect(featureMigrations(FEATURES).map((f) => [f.name, Object.keys(f.migrations)])).toEqual([
      ['sla', ['001-sla-tables']], ['preferences', ['001-dm-preferences']], ['saved-replies', ['001-saved-replies']], ['surveys', ['001-csat-surveys', '002-csat-notice']], ['spaces', ['001-conversation-spaces']], ['digests', ['001-digest-schedules']], ['answers', ['001-create']], ['duplicates', ['001-create']], ['files', ['001-ticket-files']], ['routing', ['001-routing-tables', '002-routing-written', '003-routing-escalations', '004-routing-escalation-note', '005-routing-escalation-aim', '006-routing-handover']], ['reports', ['001-report-tickets', '002-report-covering-indexes']],
    ]);
    expect(featureMigrations(features).map((f) => [f.name, Object.keys(f.migrations)]).at(-1)).toEqual(['fixture', ['001-fixture-pins']]);
  });

  it('stops at start when a feature with tables gets no database, or a need the host lacks, naming the feature', () => {
    expect(() => bindFeatures([fixtureFeature], testHost({} as Store, { logger }))).toThrow('feature fixture declares tables, and this host has no database handle');
    expect(() => bindFeatures([fixtureFeature], {} as never)).toThrow('feature fixture needs logger, which this host does not give');
  });

  it('adds its command to the registry built from the list, and only there', () => {
    const commands = registryOf(bindFeatures(features, { ...testHost({} as Store, { logger, graph: {} as GraphClient, vocabulary: {} as Vocabulary }), db: {} as Kysely<any> }));
    expect(parseCommand('pin #12 first', { commands })).toEqual({ ok: true, input: { verb: PIN, ticketId: 12, values: { note: 'first' } } });
    expect(REGISTRY.isVerb(PIN)).toBe(false);
    // The product's commands keep their help order; the new one comes after them.
    expect(commands.declarations.map((c) => c.name)).toEqual([...REGISTRY.declarations.map((c) => c.name), 'pin', 'pinboard']);
  });
});

describe('the doctor', () => {
  it("runs every listed feature's checks: the SLA policy's and the fixture's", async () => {
    const emu = await startEmulator({ seed: 'demo' });
    const dir = mkdtempSync(path.join(tmpdir(), 'fixture-doctor-'));
    try {
      const slaFile = path.join(dir, 'sla.json');
      writeFileSync(slaFile, '{');
      const settings = { ...loadConfig({}).helpdesk, graphUrl: emu.url, authUrl: emu.url, agentEmailField: 'SD_Email' };
      const target = { kind: 'tenant' as const, tenantId: emu.tenantId, clientId: emu.clientId, secret: { kind: 'inline' as const, value: emu.clientSecret }, siteId: emu.siteId };
      const result = await runDoctor({ ...settings, target }, { slaFile, features });
      expect(result.ok).toBe(false);
      expect(result.lines).toContainEqual(expect.stringMatching(/^✖ SLA policy: .*sla\.json: not valid JSON/));
      expect(result.lines).toContain('✔ fixture: pins are kept in its own tables (001-fixture-pins)');
      // The product's list has no fixture.
      const product = await runDoctor({ ...settings, target }, { slaFile });
      expect(product.lines.filter((l) => l.includes('pins are kept'))).toEqual([]);
      expect(product.lines).toContainEqual(expect.stringMatching(/^✖ SLA policy: /));
    } finally {
      await emu.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

for (const engine of engines) {
  describe.skipIf(engine.skip)(`a fixture feature on ${engine.name}, through Teams, Slack and the poller`, () => {
    let db: Kysely<FixtureTables>;
    let h: TeamsHarness;
    let scene: SlackScene;
    let store: Store;
    let poller: Poller;
    let dir: string;
    let lynnes: number;
    let sams: number;
    let notifications: Notifications;
    // What the poller sends, recorded at the Delivery port (a Slack workspace), with messages of their own.
    const rec = recordingDelivery('slack');
    const posted: { conversationId: string; text: string }[] = [];

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'fixture-feature-'));
      store = await engine.open(dir);
      db = (await store.featureDatabase()) as Kysely<FixtureTables>;
      let bound!: BoundFeatures;
      let commands!: CommandRegistry;
      h = await startTeamsHarness({ commands: (stack) => (commands = registryOf((bound = bindFeatures(features, { ...testHost(store, { logger, graph: stack.graph, vocabulary: stack.helpdesk.vocabulary, helpdesk: stack.helpdesk, feed: createChangeFeed(stack.graph, stack.settings) }), db })))) });
      scene = await startSlackScene(h.stack.helpdesk, undefined, { commands });
      const helpdesk = h.stack.helpdesk;
      notifications = createNotifications({
        store, feed: createChangeFeed(h.stack.graph, h.stack.settings), helpdesk, vocabulary: helpdesk.vocabulary, logger, pollSeconds: 15, features: bound,
      });
      poller = notifications.attach([{ ...rec.delivery, postMessage: async (conversationId, text) => void posted.push({ conversationId, text }) }]);
      lynnes = (await helpdesk.createTicket({ email: h.emails.lynne!, name: 'Lynne Robbins' }, { title: 'Fixture ticket', description: 'for pins' })).id;
      sams = (await helpdesk.createTicket({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { title: 'Slack fixture ticket', description: 'for pins' })).id;
    }, 60_000);

    afterAll(async () => {
      await poller?.stop();
      await store?.close();
      await scene?.close();
      await h?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('is listed by Teams help', async () => {
      const [reply] = await h.say('help');
      expect(cardText(cardOf(reply))).toContain('Pin a note to a ticket');
    });

    it('keeps a typed pin in its table and answers with the ticket card in Teams', async () => {
      const [reply] = await h.say(`pin ${lynnes} first`);
      const text = cardText(cardOf(reply));
      expect(text).toContain('Fixture ticket');
      expect(text).toContain(`Pins on ${lynnes}: first; seen by a poll cycle: no`);
      expect(await db.selectFrom('fixture_pins').select('note').where('ticket_id', '=', lynnes).execute()).toEqual([{ note: 'first' }]);
    });

    it('runs the same verb from a Teams card (Action.Execute)', async () => {
      const res = await h.execute(PIN, { ticketId: lynnes, note: 'second' });
      expect(res.status).toBe(200);
      expect(cardText(res.body.value)).toContain(`Pins on ${lynnes}: first, second;`);
    });

    it('answers a Slack slash command with the ticket blocks', async () => {
      await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, `pin ${sams} from slack`, 'pin-typed')));
      const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'pin-typed');
      const blocks = JSON.stringify(answer.body.blocks);
      expect(blocks).toContain('Slack fixture ticket');
      expect(blocks).toContain(`Pins on ${sams}: from slack; seen by a poll cycle: no`);
    });

    it('counts, in its poll-cycle hook, the pinned tickets a cycle saw change; a Slack button shows it', async () => {
      await poller.runOnce();
      await h.stack.helpdesk.addComment({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, sams, 'a change the poller reads');
      await poller.runOnce();
      expect((await db.selectFrom('fixture_seen').select('cycles').where('ticket_id', '=', sams).executeTakeFirst())?.cycles).toBeGreaterThanOrEqual(1);

      const payload = slackFixture('block-actions');
      payload.user.id = PEOPLE.sam.id;
      payload.actions = [{ ...payload.actions[0], action_id: PIN, value: JSON.stringify({ ticketId: sams }), text: { type: 'plain_text', text: 'Pins' } }];
      payload.response_url = scene.fake.responseUrl('pin-click');
      payload.container = { ...payload.container, is_ephemeral: true };
      expect((await scene.post(interactiveBody(payload))).status).toBe(200);
      const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'pin-click');
      expect(JSON.stringify(answer.body.blocks)).toContain(`Pins on ${sams}: from slack; seen by a poll cycle: yes`);
    });

    it('DMs the requester of a pinned ticket, once, through the outbox', async () => {
      await poller.runOnce();
      const dms = rec.sent.filter((x) => x.op === 'dm' && x.text?.startsWith(`Your ticket #${sams} was pinned`));
      expect(dms.map((d) => [d.email, d.text])).toEqual([[PEOPLE.sam.email, `Your ticket #${sams} was pinned: from slack`]]);
    });

    it('answers pinboard with a card of its own, facts and a chart, as an Adaptive Card in Teams and blocks in Slack', async () => {
      const [reply] = await h.say('pinboard');
      const card = JSON.stringify(cardOf(reply));
      expect(card).toContain('Pinboard');
      expect(card).toContain('Chart.VerticalBar');
      expect(card).toContain(`#${lynnes}`);
      await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, 'pinboard', 'pinboard-typed')));
      const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'pinboard-typed');
      const blocks = JSON.stringify(answer.body.blocks);
      expect(blocks).toContain('Pinboard');
      expect(blocks).toContain('Pins per ticket');
      expect(blocks).toContain(`#${sams}`);
    });

    it('runs its timer, which posts the pin count once a day to every subscribed conversation', async () => {
      expect(notifications.timers.names).toContainEqual({ feature: 'fixture', name: 'pin count' });
      const conversations = createConversationPorts(store);
      for (const id of ['CPINS1', 'CPINS2']) await conversations.subscribe({ platform: 'slack', id, kind: 'channel' }, { kind: 'all' }, { email: PEOPLE.sam.email, name: PEOPLE.sam.name });
      await notifications.timers.tick();
      await notifications.timers.tick();
      await poller.runOnce();
      const counts = posted.filter((p) => p.text.startsWith('Pins so far:'));
      expect(counts.map((p) => p.conversationId).sort()).toEqual(['CPINS1', 'CPINS2']);
      expect(counts[0].text).toBe('Pins so far: 3');
    });

  });
}
