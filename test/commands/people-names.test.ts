/**
 * People are shown by name in every list, an address only where no name is known: `assets` as
 * `queue` and `mine` do (search: test/search/teams-search.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../src/commands';
import type { Reply } from '../../src/commands/types';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { renderCard } from '../../src/channels/teams/cards';
import { VERBS } from '../../src/core/verbs';
import type { View } from '../../src/views/types';
import { context, helpdesk, RIA } from './context';

function as<T extends View['type']>(reply: Reply, type: T): Extract<View, { type: T }> {
  expect(reply.view.type).toBe(type);
  return reply.view as Extract<View, { type: T }>;
}

describe('people by name in every list', () => {
  it('assets show the holder by name and the tag once, without doubled brackets', async () => {
    const desk = await helpdesk();
    desk.reset();
    desk.seedAsset({ assetTag: 'LAP-0017', assignedTo: RIA.email, title: `ThinkPad T14 (${RIA.name})`, type: 'Laptop', status: 'In Use' });
    const { list } = as(await dispatch(context(desk, RIA, { kind: 'personal' }), { verb: VERBS.assets }), 'asset-list');
    expect(list.assets.map((a) => a.holderName)).toEqual([RIA.name]);
    for (const shown of [JSON.stringify(renderCard({ type: 'asset-list', list })), JSON.stringify(renderMessage({ type: 'asset-list', list }))]) {
      expect(shown).not.toContain(RIA.email);
      expect(shown).not.toContain(') (LAP-0017)');
      expect(shown).toContain('LAP-0017');
    }
  });
});
