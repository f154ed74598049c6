/** `language <code>`: an agent sets the language of a channel's cards (`subscriptions` shows it); in a personal chat, anyone their own. */
import { afterEach, describe, expect, it } from 'vitest';
import { handleText } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import { createConversationPorts, createSqliteStore, type Store } from '../../src/store';
import { DANA, RIA, context, helpdesk } from '../commands/context';
import { featureCommands } from '../support/feature-commands';

const text = (reply: Reply) =>
  reply.view.type === 'confirmation' ? reply.view.confirmation.message : reply.view.type === 'error' ? reply.view.error.message : `(${reply.view.type})`;

describe('language', () => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
  });

  async function channel(defaultLanguage = 'en') {
    store = createSqliteStore({ file: ':memory:' });
    const ports = createConversationPorts(store, defaultLanguage);
    const commands = await featureCommands(store, { locale: defaultLanguage });
    const desk = await helpdesk();
    return { agent: context(desk, DANA, { notifications: ports, commands }), requester: context(desk, RIA, { notifications: ports, commands }), store };
  }

  it('sets, shows and clears the channel language, kept in the store', async () => {
    const { agent, store } = await channel();
    expect(text(await handleText(agent, 'language'))).toBe('Cards in this conversation are in English, the help desk\'s default. Type `language <code>` to change it (en, de).');
    const set = await handleText(agent, 'language DE');
    expect(set.visibility).toBe('public');
    expect(text(set)).toBe('Karten und Updates in dieser Unterhaltung sind jetzt auf Deutsch (eingestellt von Dana Agent). Jede Person erhält ihre eigenen Nachrichten weiterhin in ihrer eigenen Sprache.');
    expect(await store.conversationLocales()).toEqual(new Map([['teams:conv-1', 'de']]));
    expect(text(await handleText(agent, 'subscriptions'))).toBe(
      'This conversation has no subscriptions. Type `subscribe` to get ticket updates here.\nLanguage of its cards: German\nDigest: none (type `digest daily 09:00` to get one).',
    );
    expect(text(await handleText({ ...agent, locale: 'de-AT' }, 'subscriptions'))).toContain('Sprache der Karten: Deutsch');
    expect(text(await handleText(agent, 'language default'))).toBe("This conversation's cards are back to the help desk's default language (English).");
    expect(await store.conversationLocales()).toEqual(new Map());
  });

  it('refuses a language without a catalog, and requesters', async () => {
    const { agent, requester, store } = await channel('de');
    const unknown = await handleText(agent, 'language klingon');
    expect(unknown.view).toEqual({ type: 'error', error: { message: 'I have no catalog for “klingon”. Languages: en, de.', usage: 'language [en|de|default]', usageLabel: 'Usage:' } });
    expect(text(await handleText(requester, 'language de'))).toBe('Only help-desk agents can use `language`. Type `help` to see what you can do.');
    expect(text(await handleText(agent, 'language'))).toContain('in German, the help desk\'s default');
    expect(await store.conversationLocales()).toEqual(new Map());
  });
  it("in a personal chat it is the person's own language: anyone with an address, never the conversation's", async () => {
    store = createSqliteStore({ file: ':memory:' });
    const ports = createConversationPorts(store, 'en');
    const commands = await featureCommands(store);
    const desk = await helpdesk();
    const ria = { ...context(desk, RIA, { notifications: ports, kind: 'personal', commands }), clientLocale: 'en-US' };
    expect(text(await handleText(ria, 'language'))).toBe("Your replies and messages follow your app's language (English). Type `language <code>` to choose one (en, de).");
    const set = await handleText(ria, 'language de');
    expect(set.view.type).toBe('confirmation');
    expect(await store.chosenLocale(RIA.email)).toBe('de');
    expect(await store.conversationLocales()).toEqual(new Map());
    expect(text(await handleText({ ...ria, locale: 'de' }, 'language'))).toMatch(/^Ihre Antworten und Nachrichten sind auf Deutsch, wie Sie es gewählt haben/);
    expect((await handleText(ria, 'language klingon')).view.type).toBe('error');
    await handleText(ria, 'language default');
    expect(await store.chosenLocale(RIA.email)).toBeUndefined();
    const nobody = context(desk, { email: '', name: 'No Address' }, { notifications: ports, kind: 'personal', commands });
    expect((await handleText(nobody, 'language de')).view.type).toBe('error');
  });
});
