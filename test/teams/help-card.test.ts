/**
 * The help card is expanded once per help view and its buttons laid on each card anew: every help
 * card a person gets reads the same as the template lays it, and its "New ticket" button carries a
 * decision of its own (two help cards are two decisions; one card clicked twice is one).
 */
import { describe, expect, it } from 'vitest';
import { expand, renderCard } from '../../src/channels/teams/cards';
import { helpData } from '../../src/channels/teams/card-data';
import { actsOnce, COMMAND_DECLARATIONS } from '../../src/commands/registry';
import { DECISION_KEY } from '../../src/core/decisions';
import { withDecisions } from '../../src/views/decisions';
import { helpView } from '../../src/views/help-view';
import type { View } from '../../src/views/types';

const decidedHelp = (help: ReturnType<typeof helpView>): Extract<View, { type: 'help' }> => withDecisions({ type: 'help', help }, actsOnce);
const buttons = (card: Record<string, unknown>) => card.actions as { title: string; verb: string; data: Record<string, unknown> }[];

describe('the Teams help card', () => {
  for (const [role, isAgent] of [['an agent', true], ['a requester', false]] as const) {
    it(`reads as the template lays it, for ${role}, on the first card and on later ones`, () => {
      const help = helpView(COMMAND_DECLARATIONS, isAgent, undefined, 'de');
      const views = [decidedHelp(help), decidedHelp(help), decidedHelp(help)];
      for (const view of views) {
        const card = renderCard(view);
        expect(card).toEqual(expand('help', helpData(view.help)));
      }
    });
  }

  it('gives each help card its own decision on New ticket, and keeps a card\'s decision when it is shown again', () => {
    const help = helpView(COMMAND_DECLARATIONS, true, undefined, 'en');
    const first = decidedHelp(help);
    const [a, b, again] = [renderCard(first), renderCard(decidedHelp(help)), renderCard(first)];
    const decisionOf = (card: Record<string, unknown>) => buttons(card).find((x) => x.title === 'New ticket')?.data[DECISION_KEY];
    expect(decisionOf(a)).toEqual(expect.any(String));
    expect(decisionOf(b)).toEqual(expect.any(String));
    expect(decisionOf(a)).not.toBe(decisionOf(b));
    expect(decisionOf(again)).toBe(decisionOf(a));
    // Buttons that write nothing carry no decision.
    expect(buttons(a).find((x) => x.title === 'My tickets')?.data[DECISION_KEY]).toBeUndefined();
  });

  it('leaves a view with no writing button as it is (what channels cache by it stays cached)', () => {
    const help = helpView(COMMAND_DECLARATIONS, true, undefined, 'en');
    const view = decidedHelp(help);
    expect(view.help.groups).toBe(help.groups);
    expect(view.help.commands).toBe(help.commands);
    const list = { type: 'text', text: 'hi' } as const;
    expect(withDecisions(list, actsOnce)).toBe(list);
  });
});

describe('decision ids', () => {
  it('are 72 random bits, none the same across many pages of the pool', async () => {
    const { newDecision } = await import('../../src/views/decisions');
    const ids = Array.from({ length: 5000 }, newDecision);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  });
});
