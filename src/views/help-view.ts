/** Help screen builder, driven by the command declarations it is given. */
import { HELP_GROUPS, type HelpGroup } from '../core/help-groups';
import { VERBS } from '../core/verbs';
import { normalizeLocale, translator } from '../i18n';
import type { ActionView, HelpView } from './types';

/**
 * Help for this person: agent commands only for agents; `topic` narrows it to one command. The
 * usage lines keep the English command words (they work in every language); descriptions are
 * catalog keys, read in the reader's language.
 */
export function helpView(
  commands: readonly { name: string; usage: string; description: string; who: 'everyone' | 'agents'; helpGroup: HelpGroup }[],
  isAgent: boolean,
  topic?: string,
  locale?: string,
): HelpView {
  const t = translator(locale);
  const allowed = commands.filter((c) => isAgent || c.who !== 'agents');
  const chosen = topic ? allowed.filter((c) => c.name === topic) : [];
  // An unknown example key reads as itself: a command without one shows its name.
  const example = (name: string) => t('views:help.example', { example: t(`commands:example.${name}`, { defaultValue: name }) });
  const lines = chosen.map((c) => ({ usage: c.usage, description: `${t(c.description)} ${example(c.name)}` }));
  const groups = chosen.length
    ? []
    : HELP_GROUPS.map((group) => ({
        title: t(`views:help.group.${group}`),
        commands: allowed.filter((c) => c.helpGroup === group).map((c) => ({ name: c.name, description: t(c.description), example: example(c.name) })),
      })).filter((g) => g.commands.length);
  const actions: ActionView[] = [
    { verb: VERBS.newForm, title: t('views:button.newTicket'), style: 'positive' },
    { verb: VERBS.mine, title: t('views:button.myTickets') },
  ];
  if (isAgent) actions.push({ verb: VERBS.queue, title: t('views:button.queue'), data: { queue: 'unassigned' } });
  const intro = t(isAgent ? 'views:help.introAgent' : 'views:help.intro');
  return { locale: normalizeLocale(locale), title: t('views:help.title'), intro, isAgent, commands: lines, groups, more: chosen.length ? '' : t('views:help.more'), actions };
}

/**
 * The one line posted when the bot joins a channel or group chat: what it does and how to ask for
 * help. The full help card goes only to whoever asks, privately. Teams people @mention the bot by
 * the name it has there (`botName`, the deployment's TEAMS_APP_NAME); Slack has its slash command.
 */
export function channelWelcome(platform: 'teams' | 'slack', locale?: string, botName?: string): string {
  const t = translator(locale);
  // Without a name from Teams: the Teams package's default TEAMS_APP_NAME.
  const name = botName?.replace(/`/g, '').trim() || t('views:welcome.appName');
  return t('views:welcome.channel', { ask: platform === 'teams' ? t('views:welcome.askTeams', { name }) : t('views:welcome.askSlack') });
}

/** The buttons at the top of a home screen (Slack's App Home): New ticket and Refresh, in the reader's language. */
export function homeActions(locale?: string): ActionView[] {
  const t = translator(locale);
  return [{ verb: VERBS.newForm, title: t('views:button.newTicket'), style: 'positive' }, { verb: VERBS.refresh, title: t('views:button.refresh') }];
}
