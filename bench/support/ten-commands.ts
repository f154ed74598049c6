/**
 * Issue 11's ten commands, run through the app's registry with every listed feature bound (the
 * files feature reads a ticket's folder of the site's library for agents' cards, SLA adds its
 * clocks…), and counted at the embedded site. bench/commands.ts prints the table; the request-count
 * test (test/features/files/request-counts.test.ts) holds the sum.
 */
import { createOutboxService } from '../../src/notify/outbox-service';
import { dispatch, handleText } from '../../src/commands';
import { registryOf, type CommandRegistry } from '../../src/commands/registry';
import type { CommandContext, Reply } from '../../src/commands/types';
import { VERBS } from '../../src/core/verbs';
import type { Emulator } from '../../src/emulator';
import { bindFeatures, FEATURES, openFeatures } from '../../src/features';
import type { GraphClient } from '../../src/graph';
import type { Actor, HelpdeskService, Ticket } from '../../src/helpdesk/types';
import type { Logger } from '../../src/log';
import type { Store } from '../../src/store/types';

export const megan: Actor = { email: 'meganb@example.com', name: 'Megan Bowen' };
export const diego: Actor = { email: 'diegos@example.com', name: 'Diego Siciliani' };
export const patti: Actor = { email: 'pattif@example.com', name: 'Patti Fernandez' };
const IDENTITY = new Set(['POST /token', 'GET openid-configuration', 'GET keys']);

/** One command of the set. */
export interface Row {
  name: string;
  least: number;
  /** Prepares what the command needs (not counted), then returns the command to run. */
  setup(): Promise<() => Promise<Reply>>;
}

/** One row as counted: its Graph requests (the last run's) and its answer times. */
export interface Counted { name: string; requests: number; least: number; times: number[]; routes: Record<string, number> }

/** The app's registry over `store` (opened with FEATURES' migrations): every feature on, files in SD_Attachments. */
export async function appCommands(store: Store, graph: GraphClient, helpdesk: HelpdeskService, logger: Logger): Promise<CommandRegistry> {
  // No SLA or routing file: each feature's `open` step makes what it makes with none set; surveys off, storms at the default 10.
  const settings = { helpdesk: { priorities: helpdesk.vocabulary.priorities }, files: { folder: 'SD_Attachments', maxBytes: 25 * 1024 * 1024 }, csat: { enabled: false, scale: 'five' as const }, stormThreshold: 10 };
  const opened = await openFeatures(FEATURES, settings, logger);
  return registryOf(bindFeatures(FEATURES, {
    store, db: await store.featureDatabase(), graph, helpdesk, logger, ...opened.supplied, opened: opened.own,
    vocabulary: helpdesk.vocabulary, locale: 'en', timeZone: 'UTC', slackPresence: undefined, now: () => new Date(),
    feed: undefined as never, outbox: createOutboxService(store),
  }));
}

/** The ten commands through `helpdesk`; `file` files a ticket as Patti (through the same service, or another: a ticket the bot has not seen). */
export function tenCommands(commands: CommandRegistry, helpdesk: HelpdeskService, file: (title: string) => Promise<Ticket>): Row[] {
  const ctx = (actor: Actor): CommandContext => ({ actor, helpdesk, commands, conversation: { platform: 'slack', id: 'C1', kind: 'channel' }, channel: {} });
  return [
    { name: 'help', least: 0, setup: async () => () => handleText(ctx(patti), 'help') },
    { name: 'mine (requester)', least: 1, setup: async () => () => handleText(ctx(patti), 'mine') },
    {
      name: 'show own ticket',
      least: 2,
      setup: async () => {
        const t = await file('Show');
        await helpdesk.addComment(patti, t.id, 'a comment');
        return () => handleText(ctx(patti), `show ${t.id}`);
      },
    },
    { name: 'queue', least: 1, setup: async () => () => handleText(ctx(megan), 'queue') },
    {
      name: 'comment (requester)',
      least: 3,
      setup: async () => {
        const t = await file('Comment');
        return () => handleText(ctx(patti), `comment ${t.id} still broken`);
      },
    },
    {
      name: 'new ticket (form submit)',
      least: 1,
      // As the form built from the demo site's columns sends it: its extra column SD_Location too.
      setup: async () => () => dispatch(ctx(patti), { verb: VERBS.create, values: { title: 'New', description: 'bench', priority: 'Normal', category: 'Hardware', 'extra.SD_Location': 'HQ' } }),
    },
    {
      name: 'claim (typed)',
      least: 3,
      setup: async () => {
        const t = await file('Claim typed');
        return () => handleText(ctx(megan), `claim ${t.id}`);
      },
    },
    {
      name: 'status (typed)',
      least: 2,
      setup: async () => {
        const t = await file('Status');
        return () => handleText(ctx(megan), `status ${t.id} in progress`);
      },
    },
    {
      name: 'claim (card button)',
      least: 2,
      setup: async () => {
        const t = await file('Claim button');
        return () => dispatch(ctx(diego), { verb: VERBS.claim, ticketId: t.id, etag: t.etag });
      },
    },
    {
      name: 'resolve with a note',
      least: 3,
      setup: async () => {
        const t = await file('Resolve');
        return () => handleText(ctx(megan), `resolve ${t.id} fixed it`);
      },
    },
  ];
}

/** Runs each row `runs` times with `latency` ms added to every Graph request; a command that answers an error stops it. */
export async function countRows(rows: readonly Row[], emu: Emulator, runs: number, latency: number): Promise<Counted[]> {
  const counted: Counted[] = [];
  for (const row of rows) {
    const times: number[] = [];
    let routes: Record<string, number> = {};
    for (let i = 0; i < runs; i++) {
      emu.setLatency(0);
      const run = await row.setup();
      emu.setLatency(latency);
      emu.counters.reset();
      const started = performance.now();
      const reply = await run();
      times.push(performance.now() - started);
      emu.setLatency(0);
      if (reply.view.type === 'error') throw new Error(`${row.name}: ${JSON.stringify(reply.view)}`);
      routes = Object.fromEntries(Object.entries(emu.counters.all()).filter(([k]) => !IDENTITY.has(k)));
    }
    counted.push({ name: row.name, least: row.least, times, routes, requests: Object.values(routes).reduce((a, n) => a + n, 0) });
  }
  return counted;
}
