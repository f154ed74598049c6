/**
 * How an answer reads on a Teams card: a multi-line answer line by line, colour and weight by
 * what the answer is (only good news is green), SLA clocks readable on white, and a site's own
 * column in line with the card's other facts.
 */
import { describe, expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { confirm } from '../../src/commands/respond';
import type { View } from '../../src/views/types';
import { sampleViews } from './samples';

type Card = Record<string, any>;

/** Every TextBlock of a card, in order. */
function blocks(card: Card): Card[] {
  const out: Card[] = [];
  const walk = (n: unknown) => {
    if (!n || typeof n !== 'object') return;
    if (!Array.isArray(n) && (n as Card).type === 'TextBlock') out.push(n as Card);
    Object.values(n).forEach(walk);
  };
  walk(card.body);
  return out;
}

const answer = (message: string, tone?: 'success' | 'info' | 'warning' | 'error'): View => ({ type: 'confirmation', confirmation: { message, actions: [], ...(tone ? { tone } : {}) } });

describe('answers on a Teams card', () => {
  const views = sampleViews();

  it('lays a multi-line answer out one line per text block, none of them green', () => {
    for (const name of ['sla-answer', 'csat-report', 'saved-reply-list'] as const) {
      const view = views[name];
      expect(view.type).toBe('confirmation');
      const lines = view.type === 'confirmation' ? view.confirmation.message.split('\n').filter((l) => l.trim()) : [];
      expect(lines.length, name).toBeGreaterThan(1);
      const texts = blocks(renderCard(view));
      expect(texts.filter((b) => String(b.text).includes('\n')), name).toEqual([]);
      expect(texts.length, name).toBeGreaterThanOrEqual(lines.length);
      expect(texts.filter((b) => /good/i.test(String(b.color ?? ''))), name).toEqual([]);
    }
    // The sla answer's dates are still each reader's own.
    expect(JSON.stringify(renderCard(views['sla-answer']))).toContain('{{DATE(2026-11-22T15:05:00Z');
  });

  it('colours an answer by its tone: good news green and bold, information plain, a warning marked without yellow, an error red', () => {
    const first = (view: View) => blocks(renderCard(view))[0];
    expect(first(confirm('Subscribed by Dana.', 'public').view)).toMatchObject({ color: 'Good', weight: 'Bolder' });
    expect(first(confirm('No saved replies yet.').view)).toMatchObject({ color: 'Default', weight: 'Default' });
    const warning = first(answer('Someone changed it first.', 'warning'));
    expect(warning.color).not.toMatch(/warning|good/i);
    expect(warning).toMatchObject({ weight: 'Bolder', text: expect.stringContaining('⚠️') });
    expect(first(answer('Could not reach the help desk.', 'error'))).toMatchObject({ color: 'Attention', weight: 'Bolder' });
  });

  it('shows a clock past its warning readably, and the site column among the other facts', () => {
    const card = renderCard(views['ticket-agent-clocks-site-column']) as Card;
    const clocks = blocks(card).filter((b) => String(b.text).includes('{{DATE('));
    const late = clocks.find((b) => String(b.text).includes('⚠️'));
    expect(late, JSON.stringify(clocks)).toBeDefined();
    expect(JSON.stringify(card)).not.toMatch(/"color":\s*"warning"/i);
    const factSets = (card.body as Card[]).filter((b) => b.type === 'FactSet');
    expect(factSets).toHaveLength(1);
    expect(factSets[0].facts.map((f: Card) => f.title)).toEqual(expect.arrayContaining(['Priority', 'Location']));
  });
});
