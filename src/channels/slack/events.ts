/**
 * Events: DMs to the bot and @mentions take the same commands; a :ticket: reaction files a ticket
 * from the message; thread replies go to the notifications hook; App Home is published on open;
 * the bot joining a channel says one short line.
 */
import type { App } from '@slack/bolt';
import { answersBeforeFiling, dispatch, handleText } from '../../commands';
import { finishInForm } from '../../commands/finish-in-form';
import { VERBS } from '../../core/verbs';
import { channelWelcome } from '../../views/help-view';
import { publishHome } from './app-home';
import { renderMessage } from './blocks/message';
import { commandContext, conversationOf, type SlackDeps } from './command-context';
import { answer, failureMessage, failureWithTyped, messageFor, postPrivate } from './reply-delivery';
import { guarded } from './failure-policy';
import { keepLongDrafts } from './long-button-drafts';
import { fromSlackText } from './inbound-text';
import { noEmailMessage } from './identity';
import { channelLocale, readerLocale } from './locale';
import { slackTexts } from '../../views/channel-texts';
import { descriptionFromMessage, titleFromMessage } from './shortcuts';
import type { FileRef } from '../../core';
import { filesOf } from './files';
import { ANSWER_REACTION, onAnswerReaction } from './answer-reaction';

/** The reaction name that files a ticket (`:ticket:`). */
export const TICKET_REACTION = 'ticket';

const text = (t: string, locale: string | undefined) => renderMessage({ type: 'text', text: t }, locale);

/** Reads one message by ts: top-level messages via history, thread replies via replies. */
async function fetchMessage(deps: SlackDeps, channel: string, ts: string): Promise<{ text: string; user?: string; files: FileRef[] } | undefined> {
  const history = await deps.client.conversations.history({ channel, latest: ts, inclusive: true, limit: 1 });
  const top = history.messages?.find((m) => m.ts === ts);
  if (top) return { text: top.text ?? '', user: top.user, files: filesOf(top.files) };
  const replies = await deps.client.conversations.replies({ channel, ts, latest: ts, inclusive: true, limit: 1 });
  const reply = replies.messages?.find((m) => m.ts === ts);
  return reply ? { text: reply.text ?? '', user: reply.user, files: filesOf(reply.files) } : undefined;
}

/** Registers message, app_mention, reaction_added and app_home_opened listeners. */
export function registerEvents(app: App, deps: SlackDeps): void {
  // Slack retries an event it thinks we missed; a reaction must not file the same ticket twice.
  const filed = new Map<string, number>();

  app.event('message', async ({ event, context }) => {
    const m = event as any;
    // A message with files is a `file_share`; every other subtype (edits, joins, bots) is not a person writing.
    if ((m.subtype && m.subtype !== 'file_share') || m.bot_id || typeof m.user !== 'string' || typeof m.text !== 'string' || typeof m.channel !== 'string') return;
    const files = filesOf(m.files);
    const typed = fromSlackText(m.text);
    if (m.channel_type === 'im') {
      const target = { channelId: m.channel, userId: m.user };
      await guarded(
        deps.logger,
        'direct message',
        { channelId: m.channel, userId: m.user },
        async () => {
          const ctx = await commandContext(deps, m.user, conversationOf(m.channel, 'im'));
          // A reply in the thread of a notification DM answers that notification's ticket.
          const threaded = typeof m.thread_ts === 'string' && m.thread_ts !== m.ts;
          if (ctx && threaded) {
            ctx.replyTo = await deps.notifications?.noticeOf('slack', m.channel, m.thread_ts).catch((error: unknown) => {
              // Without the notice the reply is read as typed: a command, or words the bot answers.
              deps.logger.warn('notice of a DM thread unreadable; the reply is read without it', { channelId: m.channel, error });
              return undefined;
            });
          }
          const reply = ctx
            ? await keepLongDrafts(deps, await handleText(ctx, typed))
            : { view: { type: 'text', text: noEmailMessage(await readerLocale(deps, m.user)) } as const, visibility: 'private' as const };
          const thread = threaded ? { thread_ts: m.thread_ts as string } : {};
          await answer(deps, target, reply, typed, async (msg) => void (await deps.client.chat.postMessage({ channel: m.channel, ...thread, ...msg })));
          if (ctx && files.length > 0) {
            const lines = await deps.files.afterReply(reply, { actor: ctx.actor, locale: ctx.locale, messageKey: `slack:${m.channel}:${m.ts}`, files, holder: `slack:${m.user}` });
            if (lines.length > 0) await deps.client.chat.postMessage({ channel: m.channel, ...thread, ...text(lines.join('\n'), ctx.locale) });
          }
        },
        async () => deps.client.chat.postMessage({ channel: m.channel, ...failureWithTyped(typed, await readerLocale(deps, m.user)) }),
      );
      return;
    }
    const mentionsBot = context.botUserId && m.text.includes(`<@${context.botUserId}>`);
    if (typeof m.thread_ts !== 'string' || m.thread_ts === m.ts || mentionsBot || !deps.hooks.onThreadReply) return;
    const onThreadReply = deps.hooks.onThreadReply;
    await guarded(
      deps.logger,
      'thread reply',
      { channelId: m.channel, userId: m.user },
      async () => {
        // A failed users.info is logged by the look-up; the reply is then handed on without an address, and its author is told why.
        const person = await deps.identity.lookup(m.user).catch(() => undefined);
        await onThreadReply({ channelId: m.channel, threadTs: m.thread_ts, ts: m.ts, userId: m.user, email: person?.email, name: person?.name, text: typed, files });
      },
      // The reply may not have become a comment: it comes back to its author, in the thread.
      async () => postPrivate(deps, { channelId: m.channel, userId: m.user, threadTs: m.thread_ts }, failureWithTyped(typed, await readerLocale(deps, m.user))),
    );
  });

  app.event('app_mention', async ({ event }) => {
    const userId = event.user;
    if (typeof userId !== 'string' || event.bot_id || typeof event.text !== 'string') return;
    const target = { channelId: event.channel, userId, threadTs: event.thread_ts };
    const typed = fromSlackText(event.text.replace(/<@[UW][A-Z0-9]+(\|[^>]*)?>/, '')).trim();
    await guarded(
      deps.logger,
      'mention',
      { channelId: event.channel, userId },
      async () => {
        const ctx = await commandContext(deps, userId, conversationOf(event.channel));
        if (!ctx) return await postPrivate(deps, target, text(noEmailMessage(await readerLocale(deps, userId)), await readerLocale(deps, userId)));
        await answer(deps, target, await handleText(ctx, typed), typed);
      },
      async () => postPrivate(deps, target, failureWithTyped(typed, await readerLocale(deps, userId))),
    );
  });

  app.event('reaction_added', async ({ event }) => {
    if (event.reaction === ANSWER_REACTION && event.item.type === 'message') {
      const { channel, ts } = event.item;
      await guarded(deps.logger, 'answer reaction', { channelId: channel, userId: event.user }, () => onAnswerReaction(deps, event.user, channel, ts), async () => {
        const locale = await readerLocale(deps, event.user);
        await postPrivate(deps, { channelId: channel, userId: event.user }, text(failureMessage(locale), locale));
      });
      return;
    }
    if (event.reaction !== TICKET_REACTION || event.item.type !== 'message') return;
    const { channel, ts } = event.item;
    const key = `${channel}:${ts}:${event.user}`;
    if (filed.has(key)) return;
    filed.set(key, Date.now());
    if (filed.size > 5000) filed.delete(filed.keys().next().value!);
    const target = { channelId: channel, userId: event.user };
    const work = async () => {
      const ctx = await commandContext(deps, event.user, conversationOf(channel));
      const locale = ctx?.locale ?? (await readerLocale(deps, event.user));
      const texts = slackTexts(locale);
      if (!ctx) return await postPrivate(deps, target, text(noEmailMessage(locale), locale));
      const message = await fetchMessage(deps, channel, ts);
      if (!message) return await postPrivate(deps, target, text(texts.couldNotRead(), locale));
      const link = await deps.client.chat.getPermalink({ channel, message_ts: ts }).catch((error: unknown) => {
        // The ticket is still filed from the message; it only lacks the link back to it.
        deps.logger.warn('slack permalink unavailable; the ticket is filed without a link to the message', { channelId: channel, error });
        return undefined;
      });
      const values: Record<string, string> = {
        title: titleFromMessage(message.text, texts.slackMessageFrom(message.user ? `@${message.user}` : undefined)),
        description: descriptionFromMessage(message.text),
      };
      if (link?.permalink) values.sourceLink = link.permalink;
      // The desk's answers first, privately; "File the ticket" there opens the form with the message's words.
      const offer = await answersBeforeFiling(ctx, values);
      if (offer) return await answer(deps, target, offer);
      const reply = await dispatch(ctx, { verb: VERBS.create, values });
      // The message cannot complete the ticket (a column the site requires): the form, privately, to finish it.
      if (reply.view.type === 'form') return await postPrivate(deps, target, messageFor(await finishInForm(ctx, reply.view.form), channel, locale));
      if (reply.view.type === 'error') return await postPrivate(deps, target, text(texts.notFiled(reply.view.error.message), locale));
      const card = { ...reply, visibility: 'public' as const };
      await answer(deps, target, card, undefined, async (msg) => void (await deps.client.chat.postMessage({ channel, thread_ts: ts, ...msg })));
      // The message's files go with the ticket it filed, as the comment of the person who filed it.
      const lines = await deps.files.afterReply(reply, { actor: ctx.actor, locale, messageKey: `slack:${channel}:${ts}`, files: message.files, holder: `slack:${event.user}` });
      if (lines.length > 0) await postPrivate(deps, target, text(lines.join('\n'), locale));
    };
    await guarded(deps.logger, 'reaction', { channelId: channel, userId: event.user }, work, async () => {
      // Nothing was filed (answer does not throw after a saved write), so the reaction may be tried again.
      filed.delete(key);
      const locale = await readerLocale(deps, event.user);
      await postPrivate(deps, target, text(failureMessage(locale), locale));
    });
  });

  // The bot itself joining a channel: one short line for everyone, never the full help card.
  app.event('member_joined_channel', async ({ event, context }) => {
    if (!context.botUserId || event.user !== context.botUserId || typeof event.channel !== 'string') return;
    await guarded(deps.logger, 'welcome', { channelId: event.channel }, async () => {
      const locale = await channelLocale(deps, event.channel);
      await deps.client.chat.postMessage({ channel: event.channel, ...text(channelWelcome('slack', locale), locale) });
    });
  });

  app.event('app_home_opened', async ({ event }) => {
    if (event.tab !== 'home' || typeof event.user !== 'string') return;
    await guarded(deps.logger, 'app home', { userId: event.user }, () => publishHome(deps, event.user));
  });
}
