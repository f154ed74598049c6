/** What `digest` and `subscriptions` read and set of a conversation's digest, over the services the feature is handed. */
import type { DigestPorts } from '../../core';
import type { Translate } from '../../i18n';
import type { Kysely } from 'kysely';
import type { HostServices } from '../types';
import type { DigestTables } from './digest-table';
import { answerFiguresOver } from '../answers';
import { describeSchedule } from './digest-command';
import { createDigests } from './digest-timer';
import type { CommandContext } from '../../commands/types';

/** The host services the digests feature is handed. */
export type DigestServices = Pick<HostServices, 'store' | 'vocabulary' | 'logger' | 'timeZone' | 'locale' | 'slaPolicy' | 'now'> & { db: Kysely<DigestTables> };

const built = new WeakMap<DigestServices, DigestPorts>();

/** The digest ports over `services` (the timer itself runs in the poller's process: src/notify/start.ts). */
export function digestPortsOf(services: DigestServices): DigestPorts {
  let ports = built.get(services);
  if (!ports) {
    const { store, vocabulary, logger, timeZone, locale, slaPolicy, now } = services;
    ports = createDigests({ store, vocabulary, logger, timeZone, locale, sla: slaPolicy, now, answers: answerFiguresOver(store) }).ports;
    built.set(services, ports);
  }
  return ports;
}

/** `subscriptions`' line about the conversation's digest: its schedule, or that it has none. */
export async function scheduleLine(ctx: CommandContext, t: Translate, services: DigestServices): Promise<string[]> {
  const schedule = await digestPortsOf(services).schedule(ctx.conversation);
  return [schedule ? describeSchedule(schedule, t, 'digests:command.scheduleDaily', 'digests:command.scheduleWeekly') : t('digests:command.scheduleNone')];
}
