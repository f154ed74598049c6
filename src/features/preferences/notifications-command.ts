/**
 * `notifications` (everyone): with no argument a form to choose which DMs about tickets I get and
 * my quiet hours; `notifications off|on` mutes all of them or brings back the kinds I chose. Private.
 */
import { confirm, errorReply, formReply, tr } from '../../commands/respond';
import { isReply, notificationPorts } from '../../commands/subscription-filter';
import { VERBS, type ConversationPorts, type DmChoices, type PreferencePorts } from '../../core';
import type { Translate } from '../../i18n';
import { NOTIFICATIONS_FORM, notificationsForm } from './notifications-form-view';
import { EVERYWHERE } from '../../commands/declaration';
import type { CommandContext, Reply } from '../../commands/types';
import type { FeatureCommand, FeatureHandler } from '../types';
import { preferencesOf, type PreferenceServices } from './preference-settings';

const KINDS = ['status', 'comments', 'resolution'] as const;
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** "status changes, public comments" for the kinds chosen. */
const kindsText = (c: DmChoices, t: Translate) => KINDS.filter((k) => c[k]).map((k) => t(`preferences:kind.${k}`)).join(', ');

/** The ports and an address, or the reply that says why there is nothing to set. */
function portsFor(ctx: CommandContext): ConversationPorts | Reply {
  const ports = notificationPorts(ctx);
  if (isReply(ports)) return ports;
  // Direct messages are kept per address: without one there is nothing to choose, and '' is nobody's setting.
  if (!ctx.actor.email.trim()) return errorReply(tr(ctx)('preferences:noAddress'));
  return ports;
}

/** The form, filled with what the person chose before. */
async function openForm(ctx: CommandContext, preferences: PreferencePorts): Promise<Reply> {
  const { choices, zone } = await preferences.choices(ctx.actor.email);
  return formReply(notificationsForm(choices, zone ?? 'UTC', ctx.locale));
}

/** Sets my mute preference, or opens the form. */
const notifications: FeatureHandler<PreferenceServices> = async (ctx, input, _commands, services) => {
  const ports = portsFor(ctx);
  if (isReply(ports)) return ports;
  const preferences = preferencesOf(services);
  const t = tr(ctx);
  const choice = (input.values?.state ?? '').trim().toLowerCase();
  if (!choice || choice === 'form') return openForm(ctx, preferences);
  if (choice !== 'on' && choice !== 'off') return errorReply(t('preferences:notOnOff', { choice }), notificationsCommand.usage);
  await ports.setMuted(ctx.actor.email, choice === 'off');
  if (choice === 'off') return confirm(t('preferences:muted'));
  const chosen = (await preferences.choices(ctx.actor.email)).choices;
  // `on` brings back the kinds chosen in the form, not every kind.
  if (KINDS.some((k) => !chosen[k]) && KINDS.some((k) => chosen[k])) return confirm(t('preferences:unmutedKinds', { kinds: kindsText(chosen, t) }));
  return confirm(t('preferences:unmuted'));
};

/** The form's submit: checks the times, saves, and says what was saved. */
const save: FeatureHandler<PreferenceServices> = async (ctx, input, _commands, services) => {
  const ports = portsFor(ctx);
  if (isReply(ports)) return ports;
  const preferences = preferencesOf(services);
  const t = tr(ctx);
  const v = input.values ?? {};
  const { zone } = await preferences.choices(ctx.actor.email);
  const choices: DmChoices = { status: v.status === 'true', comments: v.comments === 'true', resolution: v.resolution === 'true' };
  const start = (v.quietStart ?? '').trim();
  const end = (v.quietEnd ?? '').trim();
  const retry = (field: string, message: string) => formReply(notificationsForm(choices, zone ?? 'UTC', ctx.locale, [{ field, message }], { ...v, quietStart: start, quietEnd: end }));
  for (const [field, value] of [['quietStart', start], ['quietEnd', end]] as const) {
    if (value && !TIME.test(value)) return retry(field, t('preferences:notATime', { value }));
  }
  if (!start !== !end) return retry(start ? 'quietEnd' : 'quietStart', t('preferences:bothTimes'));
  const pad = (s: string) => s.padStart(5, '0');
  if (start && end) Object.assign(choices, { quietStart: pad(start), quietEnd: pad(end) });
  await preferences.setChoices(ctx.actor.email, choices);
  const quiet = choices.quietStart
    ? t(choices.quietEnd! < choices.quietStart ? 'preferences:quietOvernight' : 'preferences:quiet', { start: choices.quietStart, end: choices.quietEnd, zone: zone ?? 'UTC' })
    : t('preferences:noQuiet');
  const kinds = kindsText(choices, t);
  return confirm(kinds ? t('preferences:saved', { kinds, quiet }) : t('preferences:savedNone', { quiet }));
};

/** `notifications [off|on]`. */
export const notificationsCommand: FeatureCommand<PreferenceServices> = {
  name: 'notifications',
  usage: 'notifications [off|on]',
  description: 'preferences:describe',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal'],
  // Nothing typed after the word opens the form.
  args: { kind: 'choice', key: 'state', choices: ['off', 'on', 'form'], noun: 'preferences:noun', fallback: 'form' },
  verb: VERBS.notifications,
  handles: {
    [VERBS.notifications]: notifications,
    [VERBS.notificationsForm]: async (ctx, _input, _commands, services) => {
      const ports = portsFor(ctx);
      return isReply(ports) ? ports : openForm(ctx, preferencesOf(services));
    },
    [VERBS.notificationsSave]: save,
  },
  form: { name: NOTIFICATIONS_FORM, opens: VERBS.notificationsForm },
  answers: 'confirmation',
  examples: [
    { name: 'notifications off', typed: 'notifications off', values: { state: 'off' }, access: 'email' },
    { name: 'notifications on', typed: 'notifications on', values: { state: 'on' }, access: 'email' },
    { name: 'notifications form', verb: VERBS.notificationsForm, access: 'email' },
    { name: 'notifications save', verb: VERBS.notificationsSave, values: { status: 'true', comments: 'false', resolution: 'true', quietStart: '22:00', quietEnd: '07:00' }, access: 'email' },
  ],
  helpGroup: 'yours',
};
