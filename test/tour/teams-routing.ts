/**
 * The tour's routing and report chapters on Teams (issues 42 and 43): the agent reads the routing
 * rules, goes away (until a date), hands her open tickets over with the one button `away` offers,
 * and comes back; the lead reads the report over each period, of a space and of a category, opens
 * the oldest tickets from it with Show, and exports it. Routing's rules are test/tour/routing.json:
 * tickets of the category Other go round robin, the rest stay manual, so the rest of the tour's
 * tickets are claimed as always.
 */
import { cardIn, textOf } from './teams-cards';
import type { SeenCard, TeamsTour } from './teams-driver';
import { PEOPLE, personalChat } from './teams-scene';

const { megan } = PEOPLE;
const inChat = (c: SeenCard) => c.conversationId === personalChat(megan);

/** What the bot's answers say, cards and plain messages alike. */
const said = (answers: Record<string, any>[]) => answers.map((a) => { const card = cardIn(a); return card ? textOf(card) : String(a.text ?? ''); }).join('\n');

/** Chapter 7: the agent reads routing, goes away, hands her open tickets over, and comes back. */
export async function agentGoesAway(tour: TeamsTour): Promise<void> {
  // A ticket of the routed category, already Megan's: the hand-over has one to move.
  tour.scene.app.emulator!.data.insert('SD_Tickets', {
    Title: 'Conference badge printer needs toner', SD_Status: 'Assigned', SD_Priority: 'Normal', SD_Category: 'Other', SD_SpaceId: 'it',
    SD_SubmittedBy: 'pattif@example.com', SD_SubmittedByName: 'Patti Fernandez', SD_SubmittedByEmail: 'pattif@example.com', SD_AssignedTo: megan.email,
  });
  await tour.poll();
  const rules = said(await tour.say(megan, 'routing'));
  tour.check('`routing` says the rules in words (the routed group and the manual one)', /Other requests/.test(rules) && /Service desk/.test(rules));
  const away = said(await tour.say(megan, 'away until 2099-12-24 09:00'));
  tour.check('`away until …` says until when, and offers to hand the open tickets over', /until/.test(away) && /Hand over/.test(away));
  const seen = said(await tour.say(megan, 'routing'));
  tour.check('`routing` then shows Megan away until the date she gave', /Megan Bowen|meganb/.test(seen) && /away until/i.test(seen));
  const handed = await tour.step('routing.handOff', /Hand over/, inChat);
  const text = handed?.card ? textOf(handed.card) : (handed?.text ?? '');
  tour.check('"Hand over" moves the routed ticket to the next agent in turn, and says so', /Handed over 1 of your \d+ open tickets: #\d+ to Alex Wilber/.test(text));
  await tour.say(megan, 'away');
  const back = said(await tour.say(megan, 'back'));
  tour.check('`back` welcomes her back', /Welcome back/.test(back));
}

/** Chapter 8: the lead reads the report, over each period, of a space and of a category, opens the oldest tickets, and exports it. */
export async function leadReadsReport(tour: TeamsTour): Promise<void> {
  const month = said(await tour.say(megan, 'report'));
  tour.check('`report` shows volume, backlog, response, load and satisfaction', ['Volume', 'Backlog', 'Response', 'Load', 'Satisfaction'].every((w) => month.includes(w)));
  const report = tour.buttons((b) => b.verb === 'ticket.show' && inChat(b.on))[0];
  tour.check('the report names the oldest open tickets with Show', Boolean(report));
  if (report) await tour.click(report);
  for (const ask of ['report 7 days', 'report 90 days', 'report space it', 'report 30 days category Hardware']) {
    // Asked in the channel, the report comes privately (a 1:1 chat the bot opens), the channel told where it went.
    const shown = said(await tour.say(megan, ask, ask.includes('space') ? 'channel' : 'personal'));
    tour.check(`\`${ask}\` shows a report`, /Report|report/.test(shown));
  }
  await tour.step('ticket.show', /Show/, (c) => /^Report for space it/.test(textOf(c.card.body)));
  const exported = said(await tour.say(megan, 'report export 30'));
  tour.check('`report export` answers with the link of the CSV it wrote to the library', /Exported \d+ tickets? of the last 30 days/.test(exported) && /https?:\/\//.test(exported));
}
