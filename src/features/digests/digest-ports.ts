/** What `digest` and `subscriptions` read and set of a conversation's digest, over the services the feature is handed. */
import type { DigestPorts } from '../../core';
import type { Translate } from '../../i18n';
import type { Kysely } from 'kysely';
import type { HostServices } from '../types';
import type { DigestTables } from './digest-table';
import { answerFiguresOver } from '../answers';
import { describeSchedule } from './digest-command';
import { createDigests, type Digests } from './digest-timer';
import type { CommandContext } from '../../commands/types';

/** The host services the digests feature is handed. */
export type DigestServices = Pick<HostServices, 'store' | 'outbox' | 'vocabulary' | 'logger' | 'timeZone' | 'locale' | 'slaPolicy' | 'now'> & { db: Kysely<DigestTables> };

const built = new WeakMap<DigestServices, Digests>();

/** The digests over `services`, built once: their ports (`digest`, `subscriptions`) and the check the feature's timer runs. */
export function digestsOf(services: DigestServices): Digests {
  let digests = built.get(services);
  if (!digests) {
    const { store, outbox, vocabulary, logger, timeZone, locale, slaPolicy, now } = services;
    digests = createDigests({ store, outbox, vocabulary, logger, timeZone, locale, sla: slaPolicy, now, answers: answerFiguresOver(store) });
    built.set(services, digests);
  }
  return digests;
}

/** The digest ports over `services`. */
export const digestPortsOf = (services: DigestServices): DigestPorts => digestsOf(services).ports;

/** `subscriptions`' line about the conversation's digest: its schedule, or that it has none. */
export async function scheduleLine(ctx: CommandContext, t: Translate, services: DigestServices): Promise<string[]> {
  const schedule = await digestPortsOf(services).schedule(ctx.conversation);
  return [schedule ? describeSchedule(schedule, t, 'digests:command.scheduleDaily', 'digests:command.scheduleWeekly') : t('digests:command.scheduleNone')];
}
