/**
 * A feature's form is made of neutral fields, and each channel lays the fields out one way whatever
 * the form (Teams: src/channels/teams/form-card.ts, Slack: src/channels/slack/blocks/form-fields.ts).
 * What a person notices: every input of the form is there on both platforms, and what is wrong with
 * an input is said under it, on Teams too (the quiet hours of `notifications` said nothing there).
 */
import { describe, expect, it } from 'vitest';
import { renderCard } from '../../src/channels/teams/cards';
import { formModal } from '../../src/channels/slack/blocks/modal';
import { notificationsForm } from '../../src/features/preferences/notifications-form-view';
import { surveyForm } from '../../src/features/surveys/survey-view';
import type { FormView } from '../../src/views/types';
import { sampleViews } from './samples';

type Json = { type?: string; id?: string; text?: string; color?: string; items?: Json[]; columns?: Json[]; block_id?: string };

/** Every element of a card, containers and columns opened. */
function flat(items: Json[]): Json[] {
  return items.flatMap((i) => [i, ...flat(i.items ?? []), ...flat(i.columns ?? [])]);
}

const cardBody = (form: FormView) => flat((renderCard({ type: 'form', form }) as { body: Json[] }).body);

describe('forms made of fields', () => {
  it('Teams says under the quiet hours what is wrong with them (EN and DE)', () => {
    for (const locale of ['en', 'de']) {
      const form = notificationsForm({ status: true, comments: false, resolution: true }, 'UTC', locale, [{ field: 'quietStart', message: 'Not a time: 25:00' }], { status: 'true', comments: 'false', resolution: 'true', quietStart: '25:00', quietEnd: '' });
      const body = cardBody(form);
      const error = body.find((b) => b.type === 'TextBlock' && b.text === 'Not a time: 25:00');
      expect(error?.color, locale).toBe('Attention');
      expect(body.indexOf(error!)).toBeGreaterThan(body.findIndex((b) => b.id === 'quietEnd'));
    }
  });

  it('each feature form has every input on both platforms, and an error on no input is said once at the end', () => {
    const views = sampleViews('de');
    const survey = surveyForm({ id: '42:1', ticketId: 42, scale: 'five' }, {}, [{ field: 'somewhere', message: 'Etwas anderes' }], 'de');
    const forms = [survey, ...['notifications-form', 'saved-reply-form'].map((name) => (views[name] as { form: FormView }).form)];
    for (const form of forms) {
      const inputs = (form.fields ?? []).flatMap((f) => (f.kind === 'times' ? f.times.map((t) => t.id) : 'id' in f ? [f.id] : []));
      expect(inputs.length, form.form).toBeGreaterThan(1);
      expect(cardBody(form).filter((b) => b.type?.startsWith('Input.')).map((b) => b.id), form.form).toEqual(inputs);
      expect(formModal(form).blocks.filter((b) => b.type === 'input').map((b) => (b as Json).block_id), form.form).toEqual(inputs);
    }
    expect(cardBody(survey).filter((b) => b.text === 'Etwas anderes')).toHaveLength(1);
  });
});
