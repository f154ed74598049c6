/**
 * The tour's hands on Slack: what a person does (a slash command, a DM, a reaction, opening App
 * Home) and every click Slack would send for what the bot showed (block_actions and
 * view_submission payloads, signed), each answered in full before the next: the driver waits until
 * Bolt has handled the request, never for a timer. Each click's answers are checked: no error, no
 * usage text, no HTTP status >= 400, and something the person can see.
 */
import { REGISTRY } from '../../src/commands/registry';
import type { SlackCall } from '../support/fake-slack';
import { eventBody, interactiveBody, slashBody, type SlackPostResult } from '../support/slack-request';
import { clickables, failureIn, stateOf, type Clickable, type Surface, type Where } from './slack-surfaces';
import { TOUR_PEOPLE, type SlackTourStack, type TourPerson } from './slack-stack';

/** What one click did. */
export interface ClickRecord {
  kind: string;
  where: Where;
  by: string;
  origin: string;
  /** The Web API calls and answers it caused (method names). */
  effects: string[];
  problem?: string;
}

const EFFECTS = new Set(['chat.postMessage', 'chat.update', 'chat.postEphemeral', 'views.open', 'views.push', 'views.update', 'views.publish', 'response_url']);

/** A person's DM channel with the bot, as the fake's conversations.open names it. */
export const dmOf = (p: TourPerson) => `D${p.id.slice(1)}`;
const personOfDm = (channel: string) => Object.values(TOUR_PEOPLE).find((p) => dmOf(p) === channel);
const personById = (id: string) => Object.values(TOUR_PEOPLE).find((p) => p.id === id);

/** Whether a click on `c` changes a ticket or a setting (its verb writes). */
const writes = (c: Clickable) => c.element?.type === 'button' && REGISTRY.isVerb(c.element.action_id.replace(/#\d+$/, '')) && REGISTRY.writes(c.element.action_id.replace(/#\d+$/, ''));

export function createDriver(s: SlackTourStack) {
  let seq = 0;
  let cursor = 0;
  const versions = new Map<string, string>();
  const views = new Map<string, { version: number; view: any; viewer: TourPerson }>();
  const responders = new Map<string, { viewer: TourPerson; channel?: string }>();
  const queue: Clickable[] = [];
  const clickedKeys = new Set<string>();
  /** Every kind seen on any surface, with where it was first seen. */
  const seen = new Map<string, string>();
  const clicks: ClickRecord[] = [];
  const next = () => ++seq;
  let lastSurfaces: Surface[] = [];

  /** Waits until Bolt has started handling `after + 1` requests and is handling none. */
  async function idle(after: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (s.bolt.entered <= after || s.bolt.running > 0) {
      if (Date.now() > deadline) throw new Error(`Bolt did not finish a request (entered ${s.bolt.entered}, running ${s.bolt.running})`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  function surfacesOf(calls: SlackCall[], actor: TourPerson | undefined, origin: string): Surface[] {
    const out: Surface[] = [];
    for (const c of calls) {
      const b = c.body;
      if (c.answer && c.answer.ok === false) continue;
      if (c.method === 'chat.postEphemeral') out.push({ where: 'ephemeral', viewer: personById(b.user) ?? actor!, blocks: b.blocks ?? [], channel: b.channel, origin });
      if (c.method === 'response_url' && Array.isArray(b.blocks)) {
        const r = responders.get(c.responseId ?? '');
        out.push({ where: 'ephemeral', viewer: r?.viewer ?? actor!, blocks: b.blocks, channel: r?.channel, origin });
      }
      if (c.method === 'views.open' || c.method === 'views.push' || c.method === 'views.update') {
        const viewId = b.view_id ?? c.answer?.view?.id;
        if (!viewId) continue;
        const known = views.get(viewId);
        const viewer = known?.viewer ?? actor!;
        const version = (known?.version ?? 0) + 1;
        views.set(viewId, { version, view: b.view, viewer });
        out.push({ where: 'modal', viewer, blocks: b.view?.blocks ?? [], view: b.view, viewId, version, origin });
      }
      if (c.method === 'views.publish') {
        const viewId = `home-${b.user_id}`;
        const viewer = personById(b.user_id)!;
        const version = (views.get(viewId)?.version ?? 0) + 1;
        views.set(viewId, { version, view: b.view, viewer });
        out.push({ where: 'home', viewer, blocks: b.view?.blocks ?? [], view: b.view, viewId, version, origin });
      }
    }
    // Messages posted or updated (the fake keeps each message as it now reads).
    for (const m of s.fake.messages) {
      const key = `${m.channel}:${m.ts}`;
      const now = JSON.stringify(m.blocks ?? []);
      if (versions.get(key) === now) continue;
      versions.set(key, now);
      const dm = personOfDm(m.channel);
      out.push({ where: dm ? 'dm' : 'channel', viewer: dm ?? TOUR_PEOPLE.dana, blocks: m.blocks ?? [], channel: m.channel, ts: m.ts, origin });
    }
    return out;
  }

  /** Runs what a person (or the poller) does, waits for every answer, and collects what it showed. */
  async function act(actor: TourPerson | undefined, origin: string, send: () => Promise<SlackPostResult | void>, viaBolt = true, submitted?: string): Promise<{ calls: SlackCall[]; result?: SlackPostResult; surfaces: Surface[] }> {
    const entered = s.bolt.entered;
    const result = (await send()) ?? undefined;
    if (viaBolt && result && result.status < 400) await idle(entered);
    // A form submit that outlasts Slack's 3 s is finished after its acknowledgement: its answer is awaited, not timed.
    const answered = () => s.fake.calls.slice(cursor).some((c) => EFFECTS.has(c.method)) || /response_action/.test(result?.text ?? '');
    for (const deadline = Date.now() + 5000; submitted && result?.status === 200 && !answered() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 10));
    const calls = s.fake.calls.slice(cursor);
    cursor = s.fake.calls.length;
    const surfaces = surfacesOf(calls, actor, origin);
    lastSurfaces = surfaces;
    // The answer to a form's submit may itself be the next view of the modal.
    const ack = result?.text ? safeJson(result.text) : undefined;
    if (ack?.response_action === 'update' || ack?.response_action === 'push') {
      const viewId = ack.response_action === 'update' && submitted ? submitted : `pushed-${next()}`;
      const version = (views.get(viewId)?.version ?? 0) + 1;
      views.set(viewId, { version, view: ack.view, viewer: actor! });
      surfaces.push({ where: 'modal', viewer: actor!, blocks: ack.view?.blocks ?? [], view: ack.view, viewId, version, origin });
    }
    for (const surface of surfaces) {
      for (const c of clickables(surface)) {
        if (!seen.has(c.kind)) seen.set(c.kind, `${c.surface.where} (${origin})`);
        queue.push(c);
      }
    }
    return { calls, result, surfaces };
  }

  const user = (p: TourPerson) => ({ id: p.id, username: p.name.split(' ')[0].toLowerCase(), name: p.name.split(' ')[0].toLowerCase(), team_id: 'T0001' });
  const base = { api_app_id: 'A0TOUR', token: 'verification-token', team: { id: 'T0001', domain: 'tour' }, is_enterprise_install: false, enterprise: null };
  const responseUrl = (viewer: TourPerson, channel?: string) => {
    const id = `r${next()}`;
    responders.set(id, { viewer, channel });
    return s.fake.responseUrl(id);
  };
  const viewPayload = (surface: Surface, typed?: Record<string, string>) => ({
    id: surface.viewId, team_id: 'T0001', type: surface.view?.type ?? 'modal', blocks: surface.blocks, private_metadata: surface.view?.private_metadata ?? '',
    callback_id: surface.view?.callback_id ?? '', state: { values: stateOf(surface.view, TOUR_PEOPLE.lee.id, typed) }, hash: `${Date.now()}.h${next()}`,
    title: surface.view?.title, close: surface.view?.close ?? null, submit: surface.view?.submit ?? null, root_view_id: surface.viewId, app_id: 'A0TOUR', bot_id: 'BBOT0001',
  });

  /** The block_actions payload Slack sends for a click on `c` (a button, or an option chosen). */
  function actionPayload(c: Clickable, chosen?: any): Record<string, unknown> {
    const { surface, element } = c;
    const action: Record<string, unknown> = { action_id: element.action_id, block_id: c.blockId, type: element.type, action_ts: `${Math.floor(Date.now() / 1000)}.${String(next()).padStart(6, '0')}` };
    if (element.type === 'button') Object.assign(action, { text: element.text, value: element.value, ...(element.style ? { style: element.style } : {}) });
    if (chosen) action.selected_option = chosen;
    const payload: Record<string, unknown> = { type: 'block_actions', user: user(surface.viewer), trigger_id: `${next()}.tour.trigger`, ...base, actions: [action], state: { values: {} } };
    if (surface.where === 'modal' || surface.where === 'home') {
      Object.assign(payload, { container: { type: 'view', view_id: surface.viewId }, view: viewPayload(surface) });
    } else {
      const ephemeral = surface.where === 'ephemeral';
      const ts = surface.ts ?? `${Math.floor(Date.now() / 1000)}.${String(next()).padStart(6, '0')}`;
      Object.assign(payload, {
        container: { type: 'message', message_ts: ts, channel_id: surface.channel, is_ephemeral: ephemeral },
        channel: { id: surface.channel, name: surface.where === 'dm' ? 'directmessage' : 'it-help' },
        response_url: responseUrl(surface.viewer, surface.channel),
        ...(ephemeral ? {} : { message: { type: 'message', subtype: 'bot_message', ts, text: '', bot_id: 'BBOT0001', blocks: surface.blocks } }),
      });
    }
    return payload;
  }

  /** Whether `c` is still on its surface as the person now sees it (a message updated, a modal replaced). */
  function stillThere(c: Clickable): boolean {
    const { surface } = c;
    if (surface.where === 'modal' || surface.where === 'home') return views.get(surface.viewId!)?.version === surface.version;
    if (surface.where === 'ephemeral') return true;
    const m = s.fake.messages.find((x) => x.channel === surface.channel && x.ts === surface.ts);
    return Boolean(m) && JSON.stringify(m!.blocks ?? []).includes(JSON.stringify(c.element));
  }

  function judge(c: Clickable, origin: string, done: { calls: SlackCall[]; result?: SlackPostResult }, extra?: string): ClickRecord {
    const effects = done.calls.filter((x) => EFFECTS.has(x.method) && x.answer?.ok !== false).map((x) => x.method);
    const ack = done.result?.text ? safeJson(done.result.text) : undefined;
    if (ack?.response_action === 'update' || ack?.response_action === 'push') effects.push(`ack ${ack.response_action}`);
    let problem = extra;
    if (!problem && done.result && done.result.status >= 400) problem = `HTTP ${done.result.status}: ${done.result.text.slice(0, 200)}`;
    if (!problem && ack?.response_action === 'errors') problem = `response_action errors: ${JSON.stringify(ack.errors).slice(0, 300)}`;
    if (!problem) problem = done.calls.filter((x) => x.answer?.ok === false && x.method !== 'users.info').map((x) => `${x.method} refused: ${x.answer!.error}`)[0];
    if (!problem) for (const x of done.calls) if (EFFECTS.has(x.method)) problem ??= failureIn(x.body);
    if (!problem && ack?.view) problem = failureIn({ blocks: ack.view.blocks });
    if (!problem && effects.length === 0) problem = 'no visible effect';
    return { kind: c.kind, where: c.surface.where, by: c.surface.viewer.name, origin, effects, ...(problem ? { problem } : {}) };
  }

  /** Clicks (or submits) one thing exactly as Slack would send it, as the person who sees it. */
  async function click(c: Clickable, typed?: Record<string, string>): Promise<ClickRecord> {
    const origin = `${c.kind} on ${c.surface.where} (${c.surface.origin})`;
    const { surface } = c;
    if (c.submit) {
      const payload = { type: 'view_submission', user: user(surface.viewer), trigger_id: `${next()}.tour.trigger`, ...base, view: viewPayload(surface, typed), response_urls: [] };
      const done = await act(surface.viewer, origin, () => s.post(interactiveBody(payload)), true, surface.viewId);
      return record(judge(c, origin, done));
    }
    if (c.element.type === 'button') return record(judge(c, origin, await act(surface.viewer, origin, () => s.post(interactiveBody(actionPayload(c))))));
    if (c.element.type === 'external_select') {
      // Slack asks the options load URL as the person types, then sends the option they choose.
      const view = viewPayload(surface);
      const typed = { type: 'block_suggestion', user: user(surface.viewer), ...base, action_id: c.element.action_id, block_id: c.blockId, value: 'a', container: { type: 'view', view_id: surface.viewId }, view };
      const asked = await s.post(interactiveBody(typed));
      const options = asked.status === 200 ? (safeJson(asked.text)?.options ?? []) : [];
      if (options.length === 0) return record({ kind: c.kind, where: surface.where, by: surface.viewer.name, origin, effects: [], problem: `the options request answered ${asked.status} with no option: ${asked.text.slice(0, 200)}` });
      return record(judge(c, origin, await act(surface.viewer, origin, () => s.post(interactiveBody(actionPayload(c, options[0]))))));
    }
    if (Array.isArray(c.element.options) && c.element.options.length > 0) {
      // A menu in a message or view (static select, overflow, radio buttons): its first choice.
      return record(judge(c, origin, await act(surface.viewer, origin, () => s.post(interactiveBody(actionPayload(c, c.element.options[0]))))));
    }
    return record({ kind: c.kind, where: surface.where, by: surface.viewer.name, origin, effects: [], problem: `the tour cannot click a ${c.element.type}` });
  }

  function record(r: ClickRecord): ClickRecord {
    clicks.push(r);
    return r;
  }

  /** Clicks everything not yet clicked of its kind in its place, and what those clicks show, until nothing new is left. */
  async function explore(): Promise<void> {
    const keyOf = (c: Clickable) => `${c.kind} @ ${c.surface.where}`;
    const clickedKinds = () => new Set(clicks.map((r) => r.kind));
    for (;;) {
      // What is no longer there, or was clicked in its place already, is dropped.
      for (let i = queue.length - 1; i >= 0; i -= 1) if (clickedKeys.has(keyOf(queue[i])) || !stillThere(queue[i])) queue.splice(i, 1);
      if (queue.length === 0) return;
      // A kind never clicked comes first (of two buttons that exclude each other, the other one
      // gets its turn when they are shown again); then what only reads, before what writes.
      const done = clickedKinds();
      const rank = (c: Clickable) => (done.has(c.kind) ? 2 : 0) + (c.submit || writes(c) ? 1 : 0);
      const best = queue.reduce((b, c, i) => (rank(c) < rank(queue[b]) ? i : b), 0);
      const [c] = queue.splice(best, 1);
      clickedKeys.add(keyOf(c));
      await click(c);
    }
  }

  type Done = { surfaces: Surface[] };
  /** Clicks, as a step of the story, the first thing of `kind` (a prefix) that `done` showed; counted like every click. */
  async function clickIn(done: Done, kind: string, typed?: Record<string, string>): Promise<Done> {
    const c = done.surfaces.flatMap(clickables).filter((x) => x.kind.startsWith(kind)).pop();
    if (!c) throw new Error(`the tour expected "${kind}" among ${JSON.stringify(done.surfaces.flatMap(clickables).map((x) => x.kind))}`);
    clickedKeys.add(`${c.kind} @ ${c.surface.where}`);
    const r = await click(c, typed);
    return { surfaces: lastSurfaces, ...r };
  }

  let events = 0;
  return {
    clickIn,
    /** Submits the form `done` opened (with `typed` in its text inputs). */
    submitIn: (done: Done, typed?: Record<string, string>) => clickIn(done, 'submit ', typed),
    seen,
    clicks,
    explore,
    act,
    /** `/helpdesk <text>` typed by `who` in `channel`. */
    slash: (who: TourPerson, channel: string, text: string) => act(who, `/helpdesk ${text}`, () => s.post(slashBody({
      token: 'verification-token', team_id: 'T0001', team_domain: 'tour', channel_id: channel, channel_name: channel.startsWith('D') ? 'directmessage' : 'it-help',
      user_id: who.id, user_name: who.name, command: '/helpdesk', text, api_app_id: 'A0TOUR', response_url: responseUrl(who, channel), trigger_id: `${next()}.tour.trigger`,
    }))),
    /** A DM to the bot (with files, if any). */
    dm: (who: TourPerson, text: string, files: object[] = []) => {
      const ts = `${Math.floor(Date.now() / 1000)}.${String(next()).padStart(6, '0')}`;
      const event = { type: 'message', channel: dmOf(who), channel_type: 'im', user: who.id, text, ts, event_ts: ts, ...(files.length ? { subtype: 'file_share', files } : {}) };
      return act(who, `DM "${text}"`, () => s.post(eventBody({ token: 'verification-token', team_id: 'T0001', api_app_id: 'A0TOUR', type: 'event_callback', event_id: `EvTour${++events}`, event_time: Math.floor(Date.now() / 1000), event })));
    },
    /** Any other Events API event. */
    event: (who: TourPerson, origin: string, event: Record<string, unknown>) =>
      act(who, origin, () => s.post(eventBody({ token: 'verification-token', team_id: 'T0001', api_app_id: 'A0TOUR', type: 'event_callback', event_id: `EvTour${++events}`, event_time: Math.floor(Date.now() / 1000), event }))),
    /** A shortcut (global or message). */
    shortcut: (who: TourPerson, origin: string, payload: Record<string, unknown>) =>
      act(who, origin, () => s.post(interactiveBody({ ...payload, user: user(who), trigger_id: `${next()}.tour.trigger`, ...base }))),
    /** One poll cycle, and the cards and DMs it sends. */
    poll: () => act(undefined, 'poll', () => s.poll(), false),
  };
}

function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    // An empty or plain-text acknowledgement: nothing the tour reads.
    return undefined;
  }
}

export type Driver = ReturnType<typeof createDriver>;
