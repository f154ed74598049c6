/**
 * The tour's routing and report chapters on Slack (issues 42 and 43): Dana reads the routing rules,
 * goes away until a date, is offered to hand her open tickets over (the driver's explore clicks
 * it), and comes back; she reads the report over each period, of a space (in the channel) and of a
 * category, its oldest tickets' Show buttons clicked by the explore, and exports it. What each
 * answer should say is checked; a sentence per miss is returned.
 */
import type { SlackCall } from '../support/fake-slack';
import { dmOf, type Driver } from './slack-driver';
import { TOUR_PEOPLE, type SlackTourStack } from './slack-stack';

const { sam, dana } = TOUR_PEOPLE;

/** Everything the bot said since call number `from`, as one string. */
const saidSince = (s: SlackTourStack, from: number) => JSON.stringify(s.fake.calls.slice(from).filter((c: SlackCall) => c.method === 'response_url' || c.method.startsWith('chat.')).map((c) => c.body));

/** Runs the chapters in `it` (the help channel); returns what a person would find missing. */
export async function routingAndReport(s: SlackTourStack, d: Driver, it: string): Promise<string[]> {
  const misses: string[] = [];
  const check = (what: string, ok: boolean) => void (ok || misses.push(what));
  /** Does `act` (and, unless `alone`, clicks what it showed); returns what the bot said meanwhile. */
  const step = async (act: () => Promise<unknown>, alone = false) => {
    const from = s.fake.calls.length;
    await act();
    if (!alone) await d.explore();
    return saidSince(s, from);
  };

  // A ticket of the routed category, Dana's: the hand-over has one to move.
  const other = await s.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Conference badge printer needs toner', description: 'Out of toner.', category: 'Other' });
  await s.helpdesk.claim({ email: dana.email, name: dana.name }, other.id);
  await step(() => d.poll());

  const rules = await step(() => d.slash(dana, dmOf(dana), 'routing'));
  check('`routing` says the rules in words', /Other requests/.test(rules) && /Service desk/.test(rules));
  let away: Awaited<ReturnType<Driver['slash']>> | undefined;
  const offer = await step(async () => void (away = await d.slash(dana, dmOf(dana), 'away until 2099-12-24 09:00')), true);
  check('`away until …` says until when, and offers to hand the open tickets over', /until/.test(offer) && /Hand over/.test(offer));
  const handed = await step(() => d.clickIn(away!, 'routing.handOff'));
  check('"Hand over" moves the routed ticket to the next agent in turn, and says so', new RegExp(`Handed over 1 of your \\d+ open tickets: #${other.id} to Lee Agent`).test(handed));
  check('`routing` then shows Dana away until the date she gave', /away until/i.test(await step(() => d.dm(dana, 'routing'))));
  check('`back` welcomes her back', /Welcome back/.test(await step(() => d.dm(dana, 'back'))));

  const month = await step(() => d.slash(dana, dmOf(dana), 'report'));
  check('`report` shows volume, backlog, response, load and satisfaction', ['Volume', 'Backlog', 'Response', 'Load', 'Satisfaction'].every((w) => month.includes(w)));
  for (const [where, ask] of [[dmOf(dana), 'report 7 days'], [dmOf(dana), 'report 90 days'], [it, 'report space it'], [dmOf(dana), 'report 30 days category Hardware']]) {
    check(`\`${ask}\` shows a report`, /Report/.test(await step(() => d.slash(dana, where, ask))));
  }
  const exported = await step(() => d.slash(dana, dmOf(dana), 'report export 30'));
  check('`report export` answers with the link of the CSV it wrote to the library', /Exported \d+ tickets? of the last 30 days/.test(exported) && /https?:\/\//.test(exported));
  return misses;
}
