/**
 * The Teams message extensions as a person uses them: "Create ticket" on a message (a dialog whose
 * buttons the dialog submits), the ticket search (a picked result is a card in the channel) and a
 * pasted ticket link (unfurled into a card). Each card they bring is kept by the tour.
 */
import { ADAPTIVE } from './teams-cards';
import type { SeenCard, TeamsTour } from './teams-driver';
import { CHANNEL, type TeamsPerson } from './teams-scene';

/** Opens the message extension's "Create ticket" on a message, as `who`; its dialog card is kept. */
export async function openDialog(tour: TeamsTour, who: TeamsPerson, messageHtml: string): Promise<{ status: number; body: any; card?: SeenCard }> {
  const activity = tour.scene.activity('fetch-task', who, 'channel');
  activity.value.messagePayload.body.content = messageHtml;
  const res = await tour.scene.post(activity);
  const card = res.body?.task?.value?.card?.content;
  const kept = card ? tour.keep(card, { conversationId: activity.conversation.id, activityId: activity.id, owner: who, from: 'message extension dialog', dialog: true }) : undefined;
  return { ...res, card: kept };
}

/** Runs the search message extension as `who`; each result is a card they may insert in the channel. */
export async function searchExtension(tour: TeamsTour, who: TeamsPerson, query: string): Promise<SeenCard[]> {
  const activity = tour.scene.activity('compose-query', who, 'channel');
  activity.value.parameters = [{ name: 'query', value: query }];
  const res = await tour.scene.post(activity);
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
  const attachments: any[] = res.body?.composeExtension?.attachments ?? [];
  // A picked result is the person's own post in the channel; its buttons reach the bot from there.
  return attachments.filter((a) => a.contentType === ADAPTIVE).map((a, i) => tour.keep(a.content, { conversationId: CHANNEL, activityId: `${activity.id}-pick-${i}`, owner: who, from: 'search result inserted in the channel' }));
}

/** Pastes a ticket link as `who` in the channel; the unfurled card is kept as inserted. */
export async function unfurl(tour: TeamsTour, who: TeamsPerson, url: string): Promise<SeenCard[]> {
  const activity = tour.scene.activity('compose-query-link', who, 'channel');
  activity.value.url = url;
  const res = await tour.scene.post(activity);
  const attachments: any[] = res.body?.composeExtension?.attachments ?? [];
  return attachments.filter((a) => a.contentType === ADAPTIVE).map((a, i) => tour.keep(a.content, { conversationId: CHANNEL, activityId: `${activity.id}-link-${i}`, owner: who, from: 'unfurled ticket link' }));
}
