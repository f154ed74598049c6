/**
 * The tour's hands on Teams: people type, and click what the bot showed them. Every card the bot
 * posts, updates or answers a click with is kept at its latest version (what the person sees);
 * its buttons are counted as they appear; a click sends exactly the card's data (and its inputs,
 * filled as a person would) as Teams sends it, and is judged by what came back.
 */
import { Coverage } from './coverage';
import { ADAPTIVE, buttonsOf, cardIn, cardProblem, filledInputs, textProblem, type CardButton } from './teams-cards';
import { CHANNEL, PEOPLE, personalChat, type Place, type TeamsPerson, type TeamsTourScene } from './teams-scene';

/** A card as one person sees it now, where it sits. */
export interface SeenCard {
  key: string;
  card: Record<string, any>;
  /** The conversation and activity the card is (for a dialog or a search result: where it was opened). */
  conversationId: string;
  activityId: string;
  /** Who looks at it and clicks. */
  owner: TeamsPerson;
  /** What brought it, for the report. */
  from: string;
  /** A message extension dialog: its buttons are submits of the dialog. */
  dialog?: boolean;
  /** Kind of place, for the sweep: chat (a 1:1 chat), channel (a post, a picked search result, an unfurled link) or dialog. */
  context: string;
  /** When it was seen last: newer cards first. */
  order: number;
}

/** A button on a card someone sees. */
export interface Seen extends CardButton {
  on: SeenCard;
}

/** What a click brought back. */
export interface ClickResult {
  status: number;
  body: any;
  /** The card that answered the click (in place of the clicked one, or the dialog's next card). */
  card?: Record<string, any>;
  /** A plain message that answered the click. */
  text?: string;
  /** What the bot posted elsewhere while handling it. */
  posted: Record<string, any>[];
  problem?: string;
}

const kindOf = (b: { verb: string; label: string }) => `${b.verb} | ${b.label}`;

export class TeamsTour {
  readonly coverage = new Coverage();
  readonly cards = new Map<string, SeenCard>();
  /** Every version of every card, newest last: a card a click replaced can be asked for again. */
  readonly history: SeenCard[] = [];
  private activityCursor = 0;
  private updateCursor = 0;
  /** The newest card's order: the card the person looks at now. */
  order = 0;
  /** Who sent each activity the tour posted, so the bot's replies to it are theirs. */
  private readonly senders = new Map<string, TeamsPerson>();
  /** Kinds of button clicked, by kind of place. */
  readonly clickedAt = new Set<string>();
  /** Kinds of button, by kind of place, that no card shows any more. */
  readonly gone = new Set<string>();

  constructor(readonly scene: TeamsTourScene) {}

  /** The person a conversation belongs to (a 1:1 chat), else the agent who watches the channel. */
  private ownerOf(conversationId: string, activity: Record<string, any>, replyToId?: string): TeamsPerson {
    const sender = replyToId ? this.senders.get(replyToId) : undefined;
    if (sender) return sender;
    const people = Object.values(PEOPLE) as TeamsPerson[];
    const byChat = people.find((p) => conversationId === personalChat(p));
    if (byChat) return byChat;
    // The channel's cards are worked by its agent.
    if (conversationId.startsWith(CHANNEL)) return PEOPLE.megan;
    // A 1:1 chat the bot opened itself: the person it is addressed to.
    return people.find((p) => p.id === activity.recipient?.id) ?? PEOPLE.megan;
  }

  /** Keeps a card at its latest version and counts its buttons. */
  keep(card: Record<string, any>, at: Omit<SeenCard, 'card' | 'key' | 'order' | 'context'>): SeenCard {
    const key = `${at.conversationId}/${at.activityId}/${at.owner.key}`;
    const previous = this.cards.get(key)?.context;
    const context = at.dialog ? 'dialog' : previous ?? (at.conversationId.startsWith(CHANNEL) ? 'channel' : 'chat');
    const seen: SeenCard = { ...at, card, key, context, order: ++this.order };
    this.cards.set(key, seen);
    this.history.push(seen);
    for (const b of buttonsOf(card, at.dialog)) this.coverage.saw(b, at.from);
    return seen;
  }

  /** Reads what the bot posted and updated since the last look. */
  harvest(): void {
    const { activities, updates } = this.scene.connector;
    for (; this.activityCursor < activities.length; this.activityCursor++) {
      const a = activities[this.activityCursor];
      const card = cardIn(a.activity);
      if (!card) continue;
      const owner = this.ownerOf(a.conversationId, a.activity, a.replyToId);
      this.keep(card, { conversationId: a.conversationId, activityId: a.id, owner, from: describe(a.conversationId, owner, 'card') });
    }
    for (; this.updateCursor < updates.length; this.updateCursor++) {
      const u = updates[this.updateCursor];
      const card = cardIn(u.activity);
      if (!card) continue;
      // An update replaces the card for everyone who sees it.
      const holders = [...this.cards.values()].filter((c) => c.conversationId === u.conversationId && c.activityId === u.activityId);
      const owners = holders.length ? holders.map((h) => h.owner) : [this.ownerOf(u.conversationId, u.activity)];
      for (const owner of owners) this.keep(card, { conversationId: u.conversationId, activityId: u.activityId, owner, from: describe(u.conversationId, owner, 'updated card') });
    }
  }

  /** `who` types `text` in `place`; returns what the bot answered (replies and other posts). */
  async say(who: TeamsPerson, text: string, place: Place = 'personal', extra: Record<string, unknown> = {}): Promise<Record<string, any>[]> {
    const personal = place === 'personal';
    const activity = this.scene.activity(personal ? 'message-personal' : 'message-channel-mention', who, place);
    activity.text = personal ? text : `<at>Help Desk</at> ${text}`;
    Object.assign(activity, extra);
    this.senders.set(activity.id, who);
    const before = this.scene.connector.activities.length;
    const res = await this.scene.post(activity);
    if (res.status !== 200) throw new Error(`typing "${text}" answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.harvest();
    const answered = this.scene.connector.activities.slice(before).map((a) => a.activity);
    for (const a of answered) {
      const card = cardIn(a);
      const problem = card ? cardProblem(card, false) : textProblem(a.text ?? '');
      if (problem) this.coverage.outcomes.push({ kind: `typed: ${text}`, where: describe(activity.conversation.id, who, 'typed'), problem });
    }
    return answered;
  }

  /**
   * Runs one poll cycle, as the timer would, and reads what it sent. What the fast lane is still
   * sending (its lanes busy) is waited for by draining again, a bounded number of times.
   */
  async poll(): Promise<void> {
    let result = await this.scene.app.poller.runOnce();
    for (let i = 0; !result.complete && i < 100; i++) {
      await new Promise((r) => setImmediate(r));
      result = await this.scene.app.poller.runOnce();
    }
    if (!result.complete) throw new Error('the poller still owes notifications after 100 cycles');
    this.harvest();
  }

  /** The buttons people see now, newest card first. */
  buttons(filter: (b: Seen) => boolean = () => true): Seen[] {
    const out: Seen[] = [];
    for (const on of [...this.cards.values()].sort((a, b) => b.order - a.order)) {
      for (const b of buttonsOf(on.card, on.dialog)) if (filter({ ...b, on })) out.push({ ...b, on });
    }
    return out;
  }

  /** Notes what a person would find missing when `ok` is false (the story's checks of what it saw). */
  check(what: string, ok: boolean): void {
    if (!ok) this.coverage.outcomes.push({ kind: 'sight', where: 'the story', problem: what });
  }

  /**
   * Clicks the newest such button, as the story's next step; when the bot did not offer it (an
   * earlier click failed), the tour notes that and goes on.
   */
  async step(verb: string, label?: RegExp, where?: (c: SeenCard) => boolean, values: Record<string, string> = {}): Promise<ClickResult | undefined> {
    const found = this.buttons((b) => b.verb === verb && (!label || label.test(b.title)) && (!where || where(b.on)))[0];
    if (!found) {
      this.coverage.outcomes.push({ kind: `${verb} ${label ?? ''}`.trim(), where: 'the story', problem: 'the bot did not offer this button where a person looks for it next' });
      return undefined;
    }
    return this.click(found, values);
  }

  /** The first result of a typeahead search (Data.Query) the card's owner runs. */
  private async search(on: SeenCard, dataset: string): Promise<string | undefined> {
    const activity = this.at(this.scene.activity('invoke-card-action', on.owner, placeOf(on)), on);
    activity.name = 'application/search';
    // What a person types into the typeahead: a letter most names have.
    activity.value = { kind: 'search', queryText: 'e', queryOptions: { skip: 0, top: 15 }, dataset };
    const res = await this.scene.post(activity);
    const results = res.body?.value?.results;
    if (res.status >= 400 || res.body?.type === 'application/vnd.microsoft.error' || !Array.isArray(results)) {
      this.coverage.outcomes.push({ kind: `search ${dataset}`, where: on.from, problem: `search invoke answered ${res.status} ${JSON.stringify(res.body)}` });
      return undefined;
    }
    return results[0]?.value;
  }

  /** Clicks a button as its card's owner, with the card's data and the inputs filled; records the outcome. */
  async click(button: Seen, values: Record<string, string> = {}): Promise<ClickResult> {
    const { on } = button;
    const inputs = { ...(await filledInputs(button, (dataset) => this.search(on, dataset))), ...values };
    const data = { ...button.data, ...inputs };
    const before = this.scene.connector.activities.length;
    let res: { status: number; body: any };
    if (button.how === 'submit') {
      const activity = this.at(this.scene.activity('submit-action', on.owner, placeOf(on)), on);
      activity.value = { ...activity.value, data };
      res = await this.scene.post(activity);
    } else {
      const activity = this.at(this.scene.activity('invoke-card-action', on.owner, placeOf(on)), on);
      activity.replyToId = on.activityId;
      activity.value = { action: { type: 'Action.Execute', title: button.title, verb: button.verb, data }, trigger: button.how === 'refresh' ? 'automatic' : 'manual' };
      res = await this.scene.post(activity);
    }
    this.harvest();
    const posted = this.scene.connector.activities.slice(before).map((a) => a.activity);
    const result = this.judge(button, res, posted, Object.keys(inputs).length > 0);
    this.coverage.record({ kind: kindOf(button), where: on.from, problem: result.problem });
    this.clickedAt.add(`${kindOf(button)} @ ${on.context}`);
    return result;
  }

  /** The activity in the card's own conversation (a 1:1 chat the bot opened has its own id). */
  private at(activity: Record<string, any>, on: SeenCard): Record<string, any> {
    if (placeOf(on) === 'personal') activity.conversation.id = on.conversationId;
    return activity;
  }

  /** What a click answered, and whether a person would call it working. */
  private judge(button: Seen, res: { status: number; body: any }, posted: Record<string, any>[], submitted: boolean): ClickResult {
    const { on } = button;
    const result: ClickResult = { status: res.status, body: res.body, posted };
    const body = res.body;
    const problems: string[] = [];
    const error = body?.type === 'application/vnd.microsoft.error' ? `${body.value?.code}: ${body.value?.message}` : undefined;
    if (res.status >= 400 || body?.statusCode >= 400) problems.push(`answered ${Math.max(res.status, body?.statusCode ?? 0)} ${error ?? (typeof body === 'string' ? body : JSON.stringify(body))}`);
    else if (error) problems.push(`answered an error: ${error}`);
    if (button.how === 'submit') {
      const task = body?.task;
      if (task?.type === 'continue') result.card = task.value?.card?.content;
      else if (task?.type === 'message') result.text = String(task.value ?? '');
    } else if (body?.type === ADAPTIVE) result.card = body.value;
    else if (body?.type === 'application/vnd.microsoft.activity.message') result.text = String(body.value ?? '');
    if (result.card) {
      const p = cardProblem(result.card, submitted);
      if (p) problems.push(p);
      // The answer takes the clicked card's place for its owner (a dialog shows its next card).
      this.keep(result.card, { conversationId: on.conversationId, activityId: on.activityId, owner: on.owner, from: `${describe(on.conversationId, on.owner, 'click answer')} of ${kindOf(button)}`, dialog: button.how === 'submit' });
    }
    if (result.text !== undefined) {
      const p = textProblem(result.text);
      if (p) problems.push(p);
    }
    for (const a of posted) {
      const card = cardIn(a);
      const p = card ? cardProblem(card, false) : textProblem(a.text ?? '');
      if (p) problems.push(`posted ${p}`);
    }
    const visible = Boolean(result.card) || Boolean(result.text?.trim()) || posted.length > 0;
    if (!visible && problems.length === 0) problems.push('no visible effect (no card, message, update or form)');
    if (problems.length) result.problem = problems.join('; ');
    return result;
  }

}

/** Where a card is, as the tour posts an activity there. */
export function placeOf(on: SeenCard): Place {
  if (on.conversationId.startsWith(CHANNEL)) {
    const m = /;messageid=(.+)$/.exec(on.conversationId);
    return { thread: m ? m[1] : on.activityId };
  }
  return 'personal';
}

export function describe(conversationId: string, owner: TeamsPerson, what: string): string {
  const where = conversationId.startsWith(CHANNEL) ? (conversationId.includes(';messageid=') ? 'channel thread' : 'channel') : `${owner.name}'s chat`;
  return `${what} in ${where}`;
}

export { kindOf };
