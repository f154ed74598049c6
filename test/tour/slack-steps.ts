/**
 * The tour's story on Slack, step by step: what Sam (requester), Dana and Lee (agents) do, each
 * step followed by clicking everything new the bot showed (the driver's explore). A step that
 * needs a form sent to go on (a ticket filed, an answer kept) sends it itself; that submit counts
 * as a click like any other.
 */
import type { Driver } from './slack-driver';
import { dmOf } from './slack-driver';
import { routingAndReport } from './slack-routing';
import { TOUR_PEOPLE, type SlackTourStack } from './slack-stack';

const { sam, dana, lee } = TOUR_PEOPLE;
/** The help desk's channel, subscribed to its tickets. */
export const IT = 'C0TOURIT01';
/** A team channel where people talk (shortcuts and :ticket: reactions happen there). */
export const TEAM = 'C0TOURTEAM';

const ts = (n: number) => `1732300000.${String(n).padStart(6, '0')}`;

/** What the story made that the test checks afterwards. */
export interface TourMade {
  /** The ticket Sam sent a log to (wifi.log, 2048 bytes). */
  withLog: number;
  /** What routing's and the report's answers did not say that they should. */
  misses: string[];
}

export async function runTour(s: SlackTourStack, d: Driver): Promise<TourMade> {
  const step = async (done: Promise<unknown>) => {
    await done;
    await d.explore();
  };
  const newest = async (title: string) => {
    const all = await s.helpdesk.listTickets({ email: dana.email, name: dana.name }, {});
    const t = all.filter((x) => x.title === title).sort((a, b) => b.id - a.id)[0];
    if (!t) throw new Error(`no ticket "${title}"`);
    return t.id;
  };

  // Spaces and the channel's subscription; a requester's preferences; help.
  await step(d.slash(dana, IT, 'subscribe'));
  await step(d.slash(dana, IT, 'space'));
  await step(d.slash(sam, dmOf(sam), 'notifications'));
  await step(d.slash(sam, IT, 'help'));
  await step(d.dm(dana, 'help'));

  // Words in a DM before any ticket: the new-ticket form, offered with what was typed.
  await step(d.dm(sam, 'The monitor in room 4.12 flickers'));

  // App Home, before anything is filed.
  for (const who of [sam, dana]) await step(d.event(who, 'App Home opened', { type: 'app_home_opened', user: who.id, channel: dmOf(who), tab: 'home', event_ts: ts(1) }));

  // Filing with the slash command's modal in the help channel; the poller's card comes to the channel.
  await d.submitIn(await d.slash(sam, IT, 'new Laptop fan is very loud'), { description: 'Since the BIOS update the fan never stops.' });
  await step(d.poll());
  await step(d.poll());

  // Words about the ticket just filed: offered as a comment on it. Then the global shortcut, and the requester's and agents' lists.
  await step(d.dm(sam, 'The laptop fan is very loud again today'));
  await step(d.shortcut(sam, 'global shortcut', { type: 'shortcut', callback_id: 'new_ticket', action_ts: ts(2) }));
  await step(d.poll());
  await step(d.slash(sam, dmOf(sam), 'mine'));
  await step(d.slash(dana, IT, 'queue'));
  await step(d.dm(dana, 'search laptop'));
  await step(d.slash(dana, IT, 'subscriptions'));

  // Duplicates: the same printer twice; "Looks like" and Merge on the agent's card and the channel card.
  await d.submitIn(await d.slash(sam, IT, 'new Printer on floor 3 is offline'), { description: 'Nothing prints on floor 3.' });
  await step(d.poll());
  await d.submitIn(await d.slash(sam, IT, 'new printer floor 3 offline again'), { description: 'Still nothing prints on floor 3.' });
  await step(d.poll());
  const repeat = await newest('printer floor 3 offline again');
  await step(d.dm(dana, `show ${repeat}`));
  await step(d.slash(dana, IT, `show ${repeat}`));

  // Files: Sam sends a log with a comment; Dana's card lists it.
  const wifi = (await s.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Wi-Fi drops in meeting room 2', description: 'Every few minutes.' })).id;
  await step(d.poll());
  const log = { id: 'FTOURLOG1', name: 'wifi.log', size: 2048, mimetype: 'text/plain', url_private_download: s.fileHost.serve('/files-pri/T1-FTOURLOG1/download/wifi.log', { bytes: Buffer.alloc(2048, 0x61), contentType: 'text/plain' }), permalink: 'https://tour.slack.com/files/U0SAM0001/FTOURLOG1/wifi.log' };
  await step(d.dm(sam, `comment ${wifi} Here is the log from this morning`, [log]));
  await step(d.poll());
  await step(d.dm(dana, `show ${wifi}`));

  // SLA: a High ticket's clocks, and what is due soon on the agent's App Home.
  const urgent = (await s.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: 'Cannot log in to the payroll system', description: 'Password rejected.', priority: 'High' })).id;
  await step(d.poll());
  await step(d.dm(dana, `sla ${urgent}`));
  await step(d.event(dana, 'App Home opened', { type: 'app_home_opened', user: dana.id, channel: dmOf(dana), tab: 'home', event_ts: ts(3) }));

  // Saved replies: Lee keeps one, and picks it in a reply.
  await d.submitIn(await d.slash(lee, dmOf(lee), 'replies add greeting'), { body: 'Thanks for reporting this; we are on it.' });
  await step(d.slash(lee, dmOf(lee), 'replies'));
  await d.explore();
  await step(d.clickIn(await d.dm(lee, `show ${urgent}`), 'ticket.commentForm "Reply"'));

  // Taking over: Lee holds the ticket; Dana is asked first, and takes it over (leaving it is clicked where the ask first showed).
  await step(d.slash(lee, dmOf(lee), `claim ${urgent}`));
  await step(d.clickIn(await d.clickIn(await d.dm(dana, `show ${urgent}`), 'ticket.claim "Take over"'), 'ticket.claim "Take over from'));

  // Answers: Dana keeps one; Sam's words find it in a DM, in the message shortcut and with a :ticket: reaction.
  await d.submitIn(await d.slash(dana, dmOf(dana), 'answers add printer-jam'), { title: 'Paper jams in the printer', body: 'Open tray 2, take out the stuck sheet and close it firmly.', phrases: 'printer jams\npaper stuck in printer' });
  await step(d.slash(dana, dmOf(dana), 'answers'));
  await step(d.dm(sam, 'my printer jams, paper stuck in printer'));
  s.fake.messages.push({ channel: TEAM, ts: ts(10), text: 'the printer jams again, paper stuck in printer', user: sam.id });
  await step(d.shortcut(sam, 'message shortcut', { type: 'message_action', callback_id: 'create_ticket_from_message', action_ts: ts(11), message_ts: ts(10), channel: { id: TEAM, name: 'team' }, message: { type: 'message', user: sam.id, text: 'the printer jams again, paper stuck in printer', ts: ts(10) }, response_url: s.fake.responseUrl('shortcut') }));
  await step(d.event(sam, ':ticket: reaction', { type: 'reaction_added', user: sam.id, reaction: 'ticket', item: { type: 'message', channel: TEAM, ts: ts(10) }, item_user: sam.id, event_ts: ts(12) }));

  // Surveys: Dana resolves Sam's Wi-Fi ticket with a note; the poller brings Sam the resolution and the rating buttons.
  // Sam's own card of the resolved ticket offers to reopen it (asked for before anyone clicks anything).
  await d.slash(dana, IT, `resolve ${wifi} Replaced the access point in meeting room 2.`);
  await d.poll();
  await step(d.dm(sam, `show ${wifi}`));
  await step(d.poll());

  // Save as answer from a thread: Dana's reply in the channel card's thread, then her 📖 on it.
  const card = s.fake.messages.find((m) => m.channel === IT && !m.thread_ts && JSON.stringify(m.blocks ?? []).includes(`#${urgent}`));
  if (!card) throw new Error(`no channel card for #${urgent}`);
  s.fake.messages.push({ channel: IT, ts: ts(20), thread_ts: card.ts, text: 'Reset the password in the payroll portal, then sign in again.', user: dana.id });
  await step(d.event(dana, 'thread reply', { type: 'message', channel: IT, channel_type: 'channel', user: dana.id, text: 'Reset the password in the payroll portal, then sign in again.', ts: ts(20), thread_ts: card.ts, event_ts: ts(20) }));
  await step(d.event(dana, '📖 reaction', { type: 'reaction_added', user: dana.id, reaction: 'book', item: { type: 'message', channel: IT, ts: ts(20) }, item_user: dana.id, event_ts: ts(21) }));
  await step(d.poll());

  // Digests: the channel's digest on request.
  await step(d.slash(dana, IT, 'digest now'));

  // A storm: many tickets in one cycle come as one summary.
  for (let i = 1; i <= 11; i += 1) await s.helpdesk.createTicket({ email: sam.email, name: sam.name }, { title: `Badge reader ${i} at the gate is dead`, description: 'No light.' });
  await step(d.poll());

  // App Home at the end, for both.
  for (const who of [sam, dana]) await step(d.event(who, 'App Home opened', { type: 'app_home_opened', user: who.id, channel: dmOf(who), tab: 'home', event_ts: ts(30) }));
  await step(d.poll());

  // Routing (away, the hand-over, back) and the report.
  const misses = await routingAndReport(s, d, IT);
  return { withLog: wifi, misses };
}
