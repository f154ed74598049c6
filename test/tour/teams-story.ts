/**
 * The tour's story on Teams: what a requester (Lynne) and an agent (Megan) do in a day with the
 * bot, in the order people do it, clicking what the bot shows them. Each chapter leaves cards
 * behind; the sweep afterwards clicks every kind of button the chapters did not.
 */
import { buttonsOf, textOf } from './teams-cards';
import { openDialog, searchExtension, unfurl } from './teams-extensions';
import type { SeenCard, TeamsTour } from './teams-driver';
import { CHANNEL, PEOPLE, personalChat, type TeamsPerson } from './teams-scene';

const { lynne, megan } = PEOPLE;

/** The first ticket number a card (or else a text) names after `#`. */
function ticketIn(card: Record<string, any> | undefined, text = ''): number | undefined {
  const m = /#(\d+)/.exec(`${card ? textOf(card) : ''} ${text}`);
  return m ? Number(m[1]) : undefined;
}

/** A pasted screenshot in a Teams personal chat: served by the Bot Connector's attachment service. */
function pastedImage(tour: TeamsTour, id: string): Record<string, unknown> {
  tour.scene.connector.attachments.set(id, Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4_000, 7)]));
  return { contentType: 'image/png', contentUrl: new URL(`/v3/attachments/${id}/views/original`, tour.scene.connector.url).toString() };
}

/** The card is about ticket `id`: its buttons work on it. */
const about = (c: SeenCard, id: number) => buttonsOf(c.card).some((b) => Number(b.data.ticketId) === id);

const inChat = (who: TeamsPerson) => (c: SeenCard) => c.conversationId === personalChat(who);
const inChannel = (c: SeenCard) => c.conversationId.startsWith(CHANNEL);

/** Chapter 1: the agent sets up the channel and the desk's answers and saved replies. */
export async function agentSetsUp(tour: TeamsTour): Promise<void> {
  await tour.say(megan, 'subscribe all', 'channel');
  await tour.say(megan, 'subscribe sla', 'channel');
  // The first cycle, as the timer runs it at start: it learns the site's tickets, and the SLA
  // policy's backlog is told to the channel that follows SLA.
  await tour.poll();
  await tour.say(megan, 'space it', 'channel');
  await tour.say(megan, 'digest daily 09:00', 'channel');
  await tour.say(megan, 'help');
  await tour.say(megan, 'answers');
  await tour.step('answers.form', /New answer/, inChat(megan));
  await tour.step('answers.save', undefined, inChat(megan), {
    name: 'vpn-home', title: 'VPN does not connect from home', language: 'en', shown: 'true',
    body: 'Quit GlobalProtect from the tray and start it again.\nPick the portal vpn.contoso.com.',
    phrases: 'vpn not connecting from home\nglobalprotect fails at home',
  });
  await tour.say(megan, 'replies');
  await tour.step('replies.form', /New/, inChat(megan));
  await tour.step('replies.save', undefined, inChat(megan), {
    name: 'restart-first', text: 'Hi {{requester.firstName}}, please restart your laptop and tell us if #{{ticket.id}} still happens.',
  });
}

/** Chapter 2: the requester asks, is offered the answer, and files what it does not solve (with a screenshot). */
export async function requesterFiles(tour: TeamsTour): Promise<{ vpn: number; printer: number; duplicate: number }> {
  await tour.say(lynne, 'help');
  await tour.say(lynne, 'notifications');
  await tour.step('notify.preferenceSave', undefined, inChat(lynne));
  await tour.say(lynne, 'My vpn is not connecting from home');
  await tour.step('answers.solved', undefined, inChat(lynne));
  await tour.say(lynne, 'vpn not connecting from home again, globalprotect fails', 'personal', { attachments: [pastedImage(tour, 'tour-vpn-shot')] });
  await tour.step('ticket.new', /File the ticket/, inChat(lynne));
  const filed = await tour.step('ticket.create', undefined, inChat(lynne));
  const vpn = ticketIn(filed?.card, filed?.text);
  tour.check('the screenshot pasted with the words went with the ticket they filed', Boolean(vpn) && tour.scene.app.emulator!.drive.children(`SD_Attachments/${vpn}`).some((f) => f.name === 'image-1.png'));
  await tour.say(lynne, 'new Printer on floor 3 prints blank pages');
  const printerFiled = await tour.step('ticket.create', undefined, inChat(lynne), { description: 'Every page comes out blank since this morning.' });
  const printer = ticketIn(printerFiled?.card, printerFiled?.text);
  await tour.say(lynne, 'new Floor 3 printer prints blank pages');
  const dupFiled = await tour.step('ticket.create', undefined, inChat(lynne), { description: 'Blank pages from the floor 3 printer.' });
  const duplicate = ticketIn(dupFiled?.card, dupFiled?.text);
  if (!vpn || !printer || !duplicate) throw new Error(`tickets not filed: ${vpn} ${printer} ${duplicate}`);
  return { vpn, printer, duplicate };
}

/** Chapter 3: the agent works the channel's cards: claims, merges the duplicate, answers and resolves with a saved reply. */
export async function agentWorks(tour: TeamsTour, ids: { vpn: number; printer: number; duplicate: number }): Promise<void> {
  await tour.poll();
  const onChannelCard = (id: number) => (c: SeenCard) => inChannel(c) && about(c, id);
  await tour.step('ticket.claim', undefined, onChannelCard(ids.vpn));
  await tour.step('ticket.mergeAsk', undefined, onChannelCard(ids.duplicate));
  await tour.step('ticket.merge', undefined, (c) => c.owner === megan);
  await tour.say(megan, `show ${ids.printer}`);
  await tour.step('ticket.commentForm', undefined, inChat(megan));
  await tour.step('ticket.comment', undefined, inChat(megan));
  const sla = await tour.say(megan, `sla ${ids.vpn}`);
  tour.check('`sla` shows the ticket\'s clocks under examples/sla.json', /First response/.test(JSON.stringify(sla)));
  await tour.say(megan, `show ${ids.vpn}`);
  await tour.step('ticket.resolveForm', undefined, inChat(megan));
  await tour.step('ticket.resolve', undefined, inChat(megan), { note: 'Reinstalled GlobalProtect; the portal is vpn.contoso.com.' });
  await tour.poll();
}

/** Chapter 4: the requester hears of the resolution, rates it, says why, and files from a channel message. */
export async function requesterFollowsUp(tour: TeamsTour, ids: { vpn: number; printer: number }): Promise<void> {
  const rated = await tour.step('csat.rate', /^4/, inChat(lynne));
  if (rated) await tour.step('csat.form', undefined, inChat(lynne));
  await tour.step('csat.answer', undefined, inChat(lynne), { comment: 'Quick and friendly.' });
  await tour.say(lynne, 'mine');
  await tour.step('ticket.show', undefined, (c) => inChat(lynne)(c) && about(c, ids.printer));
  await tour.step('ticket.editForm', undefined, (c) => inChat(lynne)(c) && about(c, ids.printer));
  await tour.step('ticket.edit', undefined, inChat(lynne));
  await tour.say(lynne, `show ${ids.vpn}`);
  await tour.step('ticket.reopenForm', undefined, inChat(lynne));
  await tour.step('ticket.reopen', undefined, inChat(lynne), { reason: 'It dropped again this morning.' });
  // "Create ticket" on a message in a channel (the message extension), and the search extension.
  const offer = await openDialog(tour, lynne, '<p>Is the <b>vpn not connecting from home</b> for anyone else?</p>');
  if (offer.card) {
    await tour.step('ticket.new', /File the ticket/, (c) => c.key === offer.card!.key);
    await tour.step('ticket.create', undefined, (c) => c.key === offer.card!.key);
  }
  const form = await openDialog(tour, lynne, '<p>The <b>docking station</b> in room 4.12 does not charge my laptop</p>');
  if (form.card) await tour.step('ticket.create', undefined, (c) => c.key === form.card!.key);
}

/** Chapter 5: the agent keeps what worked, reads the channel's digest, and works the queue. */
export async function agentWrapsUp(tour: TeamsTour, ids: { vpn: number; printer: number }): Promise<void> {
  await tour.poll();
  await tour.say(megan, `resolve ${ids.vpn} Reinstalled GlobalProtect again.`);
  await tour.poll();
  await tour.say(megan, `show ${ids.vpn}`);
  await tour.step('answers.fromTicket', undefined, inChat(megan));
  await tour.step('answers.save', undefined, inChat(megan), { name: 'vpn-reinstall' });
  const digest = await tour.say(megan, 'digest now', 'channel');
  tour.check('`digest now` posts the digest in the channel', /digest/i.test(JSON.stringify(digest)));
  await tour.say(megan, 'queue');
  await tour.say(megan, 'queue', 'channel');
  await tour.say(megan, 'search printer');
  await tour.say(megan, 'csat');
  await tour.say(megan, `show ${ids.printer}`);
  await tour.step('ticket.assignForm', undefined, inChat(megan));
  await tour.step('ticket.assign', undefined, inChat(megan));
  await tour.poll();
  // Words about the printer right after the message about it are offered as a comment on it.
  await tour.say(lynne, 'The printer on floor 3 still prints blank pages');
  await tour.step('ticket.comment', /Add as comment/, inChat(lynne));
  await searchExtension(tour, megan, 'printer');
  await unfurl(tour, megan, `https://contoso.sharepoint.com/sites/helpdesk/Lists/SD_Tickets/DispForm.aspx?ID=${ids.printer}`);
  // Another agent thinks of taking the printer over, leaves it, then takes it.
  await tour.say(PEOPLE.alex, `show ${ids.printer}`);
  await tour.step('ticket.claim', /Take over/, inChat(PEOPLE.alex));
  await tour.step('ticket.refresh', /Leave it with/, inChat(PEOPLE.alex));
  await tour.step('ticket.claim', /Take over/, inChat(PEOPLE.alex));
  await tour.step('ticket.claim', /Take over from/, inChat(PEOPLE.alex));
  await tour.poll();
}

/** A ticket made in the SharePoint product itself, `minutesAgo` ago. */
function madeOnTheSite(tour: TeamsTour, fields: Record<string, unknown>, minutesAgo = 0): void {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  // Made then, and seen by the poller now: its last change is now.
  tour.scene.app.emulator!.data.insert('SD_Tickets', {
    SD_Status: 'New', SD_Priority: 'Normal', SD_Category: 'Hardware', SD_SpaceId: 'it',
    SD_SubmittedBy: 'pattif@example.com', SD_SubmittedByName: 'Patti Fernandez', SD_SubmittedByEmail: 'pattif@example.com', ...fields,
  }, { created: at, modified: new Date() });
}

/** Chapter 6: the desk gets busy: a storm of tickets, and one close to its SLA target. */
export async function deskGetsBusy(tour: TeamsTour): Promise<void> {
  for (let i = 1; i <= 12; i++) madeOnTheSite(tour, { Title: `Badge reader ${i} at the main entrance is offline`, SD_Category: 'Facilities' });
  madeOnTheSite(tour, { Title: 'Payroll export fails', SD_Priority: 'Urgent', SD_Category: 'Software' }, 25);
  await tour.poll();
  await tour.say(megan, 'queue all');
  await tour.say(megan, 'queue due');
}
