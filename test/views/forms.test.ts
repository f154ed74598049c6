import { describe, expect, it } from 'vitest';
import { VERBS } from '../../src/core/verbs';
import type { Asset, Vocabulary } from '../../src/helpdesk/types';
import { assetListView } from '../../src/views/asset-view';
import { assignForm, commentForm, newTicketForm, resolveForm } from '../../src/views/forms';
import { errorView } from '../../src/views/error-view';

const vocabulary: Vocabulary = {
  priorities: ['Low', 'High'], categories: ['Hardware'], statuses: ['New', 'Resolved'], openStatuses: ['New'], highPriorities: ['High'],
};
const ticket = { id: 5, etag: '"5,1"', title: 'VPN down' };

describe('forms', () => {
  it('new-ticket form keeps what was typed and lists the choices', () => {
    const form = newTicketForm(vocabulary, { title: 'Mouse', category: 'Hardware' }, [{ field: 'title', message: 'x' }]);
    expect(form).toMatchObject({ form: 'new-ticket', submitVerb: VERBS.create, priorities: [{ value: 'Low', title: 'Low' }, { value: 'High', title: 'High' }], categories: [{ value: 'Hardware', title: 'Hardware' }] });
    // Choices are shown as the reader's language names them; the stored value is what is sent.
    expect(newTicketForm(vocabulary, {}, [], undefined, 'de').priorities).toEqual([{ value: 'Low', title: 'Niedrig' }, { value: 'High', title: 'Hoch' }]);
    // Without a "Normal" the default is the middle priority; the category is never guessed.
    expect(form.values).toEqual({ title: 'Mouse', description: '', priority: 'Low', category: 'Hardware' });
    expect(form.errors).toHaveLength(1);
  });

  it('a fresh new-ticket form starts at priority Normal with the category left to choose', () => {
    const form = newTicketForm({ ...vocabulary, priorities: ['Low', 'Normal', 'High'] });
    expect(form.values).toMatchObject({ priority: 'Normal', category: '' });
  });

  it('comment form lets only agents choose internal', () => {
    const forRequester = commentForm(ticket, vocabulary, false, { internal: 'true' });
    expect(forRequester).toMatchObject({ form: 'comment', submitVerb: VERBS.comment, ticketId: 5, etag: '"5,1"', allowInternal: false });
    expect(forRequester.values.internal).toBe('false');
    const forAgent = commentForm(ticket, vocabulary, true, { internal: 'true' });
    expect(forAgent.values.internal).toBe('true');
    expect(forAgent.title).toBe('Internal note — #5 VPN down');
  });

  it('resolve and assign forms submit to their verbs with the ticket and etag', () => {
    expect(resolveForm(ticket, vocabulary)).toMatchObject({ form: 'resolve', submitVerb: VERBS.resolve, ticketId: 5, etag: '"5,1"', values: { note: '' } });
    const assign = assignForm(ticket, vocabulary, [{ name: 'Dana', email: 'dana@x.test' }]);
    expect(assign).toMatchObject({ form: 'assign', submitVerb: VERBS.assign, assignees: [{ value: 'dana@x.test', title: 'Dana (dana@x.test)' }] });
  });
});

describe('assets and errors', () => {
  it('shows warranty as a day and the holder', () => {
    const asset: Asset = {
      id: 1, etag: 'e', created: '', modified: '', title: 'ThinkPad', assetTag: 'LT-1', type: 'Laptop', status: 'In Use',
      assignedTo: 'ria@x.test', serialNumber: 'SN1', manufacturer: 'Lenovo', model: 'T14', warrantyExpires: '2027-03-01T00:00:00Z',
    };
    const list = assetListView('My assets', [asset], 'none');
    expect(list.assets[0]).toMatchObject({ holder: 'ria@x.test', warrantyText: 'until 1 Mar 2027', assetTag: 'LT-1' });
  });

  it('error view carries usage only when given', () => {
    expect(errorView('bad')).toEqual({ message: 'bad' });
    expect(errorView('bad', 'claim <ticket id>')).toEqual({ message: 'bad', usage: 'claim <ticket id>', usageLabel: 'Usage:' });
    expect(errorView('bad', 'claim <ticket id>', 'de').usageLabel).toBe('Verwendung:');
  });

  it('a site column is named as the site names it in English and as the catalog translates it in German', () => {
    const site = { required: [], extra: [{ name: 'SD_Location', label: 'Office location', type: 'choice' as const, required: true, choices: ['HQ'] }] };
    const label = (locale: string) => newTicketForm({ ...vocabulary, site }, {}, [], undefined, locale).extraFields?.[0]?.label;
    expect([label('en'), label('de'), label('fr')]).toEqual(['Office location', 'Standort', 'Office location']);
  });
});
