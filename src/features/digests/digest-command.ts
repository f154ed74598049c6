/** `digest daily 09:00 [zone]|weekly mon 09:00 [zone]|off|now` (agents, shared conversations): this channel's scheduled summary. */
import { byWhom, confirm, errorReply, tr } from '../../commands/respond';
import { agentOnly } from '../../commands/subscription-filter';
import { VERBS, type DigestSpec } from '../../core';
import type { Translate } from '../../i18n';
import { parseSchedule } from './digest-words';
import { digestView } from './digest-view';
import type { FeatureCommand, FeatureHandler } from '../types';
import { digestPortsOf, type DigestServices } from './digest-ports';

/** The plain answer that names the fix for each way a typed schedule can be wrong. */
const PROBLEMS = {
  cadence: 'digests:command.notACadence',
  missing: 'digests:command.say',
  time: 'digests:command.notATime',
  day: 'digests:command.notADay',
  zone: 'digests:command.notAZone',
} as const;
const MISSING = { time: 'digests:command.noTime', day: 'digests:command.noDay' } as const;

/** "every working day at 09:00 (Europe/Berlin)" in the reader's language, as `key` words it. */
export function describeSchedule(spec: DigestSpec, t: Translate, daily: string, weekly: string, by?: string): string {
  const weekday = String(spec.weekday ?? 1);
  const vars = { time: spec.time, zone: spec.zone, by: by ?? '', day: t(`digests:days.${weekday}`) };
  return t(spec.cadence === 'weekly' ? weekly : daily, vars);
}

/** Sets, removes or runs this conversation's digest. */
const digest: FeatureHandler<DigestServices> = async (ctx, input, _commands, services) => {
  const refused = await agentOnly(ctx, 'digest');
  if (refused) return refused;
  const digests = digestPortsOf(services);
  const t = tr(ctx);
  const words = (input.values?.schedule ?? input.text ?? '').trim().split(/\s+/).filter(Boolean);
  const first = (words[0] ?? '').toLowerCase();
  if (first === 'off') {
    const had = await digests.setSchedule(ctx.conversation, undefined, ctx.actor.email);
    return confirm(t(had ? 'digests:command.off' : 'digests:command.wasOff'), 'public');
  }
  if (first === 'now') {
    // The digest itself is the answer: one message in the conversation, at once, and nothing else.
    const now = await digests.digestNow(ctx.conversation);
    return { view: { type: 'screen', screen: digestView(now.figures, { since: now.since, basis: now.basis, onRequest: true }, now.zone, now.locale) }, visibility: 'public' };
  }
  const parsed = parseSchedule(words);
  if ('problem' in parsed) {
    const key = parsed.value === '' && parsed.problem in MISSING ? MISSING[parsed.problem as keyof typeof MISSING] : PROBLEMS[parsed.problem];
    return errorReply(t(key, { value: parsed.value }), digestCommand.usage);
  }
  const spec: DigestSpec = { ...parsed.spec, zone: parsed.spec.zone ?? digests.defaultZone() };
  await digests.setSchedule(ctx.conversation, spec, ctx.actor.email);
  return confirm(describeSchedule(spec, t, 'digests:command.setDaily', 'digests:command.setWeekly', byWhom(ctx)), 'public');
};

/** `digest …`. */
export const digestCommand: FeatureCommand<DigestServices> = {
  name: 'digest',
  usage: 'digest daily <HH:MM> [zone]|weekly <day> <HH:MM> [zone]|off|now',
  description: 'digests:describe.digest',
  who: 'agents',
  scopes: ['channel', 'group'],
  elsewhere: 'commands:subscriptions.sharedOnly',
  menus: [],
  args: { kind: 'text', key: 'schedule', required: 'digests:command.say' },
  verb: VERBS.digest,
  handles: { [VERBS.digest]: digest },
  answers: 'confirmation',
  examples: [
    { name: 'digest daily', typed: 'digest daily 09:00', values: { schedule: 'daily 09:00' } },
    { name: 'digest weekly', typed: 'digest weekly mon 09:00 Europe/Berlin', values: { schedule: 'weekly mon 09:00 Europe/Berlin' } },
    { name: 'digest off', typed: 'digest off', values: { schedule: 'off' } },
  ],
  helpGroup: 'channel',
};
