/**
 * A throwaway command, declared here and nowhere else, reaches everything a command reaches: it
 * parses, help lists it, the Teams menus hold it where it asks to be (the 10-per-menu limit
 * deciding what is dropped), a typed message, a Teams card and a Slack button run its handler, and
 * the authorization matrix covers it. Nothing in src/ names it: the app is started with the
 * product's declarations plus this one (createRegistry), so a new command touches only its own file,
 * its line in the registry, its verb name and its catalog lines (docs/design.md, "Adding a command").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_DECLARATIONS, createRegistry, parseCommand, REGISTRY, TEAMS_MENU_LIMIT, type CommandDeclaration } from '../../src/commands';
import { EVERYWHERE } from '../../src/commands/declaration';
import { needTicket, notice, ticketReply } from '../../src/commands/respond';
import type { Handler } from '../../src/commands/types';
import type { Verb } from '../../src/core';
import { interactiveBody, slackFixture, slashBody } from '../support/slack-request';
import { describeTicketMatrix } from '../authorization/ticket-matrix';
import { ticketRows } from '../authorization/table';
import { PEOPLE, slash, startSlackScene, type SlackScene } from '../slack/harness';
import { startTestHelpdesk, type TestHelpdesk } from '../slack/helpdesk';
import { cardOf, cardText, startTeamsHarness, type TeamsHarness } from '../teams/harness';

/** A real command names its verb in VERBS (src/core/verbs.ts); the fixture stays out of src/. */
const PING = 'ticket.ping' as Verb;

/** Answers with the ticket and a "Pong" notice, so each test sees this handler ran. */
const ping: Handler = async (ctx, input) => {
  const id = needTicket(ctx, input, pingCommand.usage);
  if (typeof id !== 'number') return id;
  const ticket = await ctx.helpdesk.getTicket(ctx.actor, id);
  return ticketReply(ctx, ticket, 'private', { notice: notice(`Pong ${ticket.id}`, 'success') });
};

/** `ping <ticket id>`: in the personal menu, ranked above the commands already there. */
const pingCommand: CommandDeclaration = {
  name: 'ping',
  usage: 'ping <ticket id>',
  // A real command gives a catalog key (commands:describe.ping); an unknown key reads as itself.
  description: 'Nudge a ticket',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal'],
  menuRank: 1,
  args: { kind: 'id' },
  verb: PING,
  handles: { [PING]: ping },
  answers: 'ticket',
  helpGroup: 'tickets',
  examples: [{ name: 'ping', typed: 'ping {id}', ticket: 'open' }],
};

const commands = createRegistry([...COMMAND_DECLARATIONS, pingCommand]);
const menu = (registry: typeof commands, scope: string) => registry.teamsCommandLists().find((l) => l.scopes.includes(scope))!.commands.map((c) => c.title);

describe('a command declared in one place', () => {
  it('parses with the registry that has it, and only there', () => {
    expect(parseCommand('ping #12', { commands })).toEqual({ ok: true, input: { verb: PING, ticketId: 12 } });
    expect(parseCommand('ping', { commands })).toMatchObject({ ok: false, error: { usage: 'ping <ticket id>' } });
    expect(parseCommand('ping 12').ok).toBe(false);
    expect(commands.isVerb(PING)).toBe(true);
    expect(REGISTRY.isVerb(PING)).toBe(false);
  });

  it('takes its place in the full Teams menus by rank; an unranked one is what the limit drops', () => {
    const before = menu(REGISTRY, 'personal');
    expect(before).toHaveLength(TEAMS_MENU_LIMIT);
    const personal = menu(commands, 'personal');
    // Ties go by help order: the last of the equally ranked commands makes room; the menu keeps help order.
    expect(personal).toEqual([...before.slice(0, -1), 'ping']);
    expect(menu(commands, 'team')).toEqual(menu(REGISTRY, 'team'));
    for (const list of commands.teamsCommandLists()) expect(list.commands.length, list.scopes.join()).toBeLessThanOrEqual(TEAMS_MENU_LIMIT);
    const unranked = createRegistry([...COMMAND_DECLARATIONS, { ...pingCommand, menuRank: undefined }]);
    expect(menu(unranked, 'personal')).toEqual(before);
  });

  it('has authorization matrix rows from its examples', () => {
    expect(ticketRows([pingCommand])).toEqual([{ name: 'ping', verb: PING, typed: 'ping {id}', state: 'open', who: 'owner', shows: 'ticket' }]);
  });
});

describe('a command declared in one place, in Teams', () => {
  let h: TeamsHarness;
  let ticketId: number;
  beforeAll(async () => {
    h = await startTeamsHarness({ commands });
    ticketId = (await h.stack.helpdesk.createTicket({ email: h.emails.lynne!, name: 'Lynne Robbins' }, { title: 'Fixture ticket', description: 'for ping' })).id;
  }, 30_000);
  afterAll(() => h?.close());

  it('is listed by help', async () => {
    const [reply] = await h.say('help');
    expect(cardText(cardOf(reply))).toContain('Nudge a ticket');
    const [details] = await h.say('help ping');
    expect(cardText(cardOf(details))).toContain('ping ‹ticket id›');
  });

  it('runs its handler from a typed message', async () => {
    const [reply] = await h.say(`ping ${ticketId}`);
    expect(cardText(cardOf(reply))).toContain(`Pong ${ticketId}`);
  });

  it('runs its handler from a card action (Action.Execute)', async () => {
    const res = await h.execute(PING, { ticketId });
    expect(res.status).toBe(200);
    expect(cardText(res.body.value)).toContain(`Pong ${ticketId}`);
  });
});

describe('a command declared in one place, in Slack', () => {
  let hd: TestHelpdesk;
  let scene: SlackScene;
  let ticketId: number;
  beforeAll(async () => {
    hd = await startTestHelpdesk();
    scene = await startSlackScene(hd.helpdesk, undefined, { commands });
    ticketId = (await hd.helpdesk.createTicket({ email: PEOPLE.sam.email, name: PEOPLE.sam.name }, { title: 'Fixture ticket', description: 'for ping' })).id;
  });
  afterAll(async () => {
    await scene?.close();
    await hd?.close();
  });

  it('runs its handler from a slash command', async () => {
    await scene.post(slashBody(slash(scene.fake, PEOPLE.sam, `ping ${ticketId}`, 'ping-typed')));
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'ping-typed');
    expect(JSON.stringify(answer.body.blocks)).toContain(`Pong ${ticketId}`);
  });

  it('runs its handler from a button (block_actions)', async () => {
    const payload = slackFixture('block-actions');
    payload.user.id = PEOPLE.sam.id;
    payload.actions = [{ ...payload.actions[0], action_id: PING, value: JSON.stringify({ ticketId }), text: { type: 'plain_text', text: 'Ping' } }];
    payload.response_url = scene.fake.responseUrl('ping-click');
    payload.container = { ...payload.container, is_ephemeral: true };
    expect((await scene.post(interactiveBody(payload))).status).toBe(200);
    const answer = await scene.fake.waitFor('response_url', (c) => c.responseId === 'ping-click');
    expect(JSON.stringify(answer.body.blocks)).toContain(`Pong ${ticketId}`);
  });
});

describe('a command declared in one place, in the authorization matrix', () => {
  describeTicketMatrix('typed', commands, [pingCommand]);
  describeTicketMatrix('card', commands, [pingCommand]);
});
