import { describe, expect, it } from 'vitest';
import { handBack } from '../../src/channels/slack/modals';
import type { Vocabulary } from '../../src/core/vocabulary';

const vocabulary: Vocabulary = {
  priorities: ['Low', 'Normal'],
  categories: ['Hardware'],
  statuses: ['New', 'Resolved'],
  openStatuses: ['New'],
  highPriorities: [],
  site: {
    required: [],
    extra: [
      { name: 'SD_Location', label: 'Location', type: 'choice', required: false, choices: ['HQ', 'Remote'] },
      { name: 'SD_CostCentre', label: 'Cost centre', type: 'text', required: false },
    ],
  },
};

const textOf = (msg: ReturnType<typeof handBack>) => JSON.stringify(msg.blocks);

describe('Slack: a form handed back after the modal closed', () => {
  it('names the site’s extra fields as the form did, in the reader’s language, not by their ids', () => {
    const typed = { title: 'Printer', 'extra.SD_Location': 'HQ', 'extra.SD_CostCentre': 'CC-12' };
    const en = textOf(handBack({ verb: 'ticket.create', form: 'new-ticket' }, typed, 'The list refused it.', 'en', vocabulary));
    expect(en).toContain('Location: HQ');
    expect(en).toContain('Cost centre: CC-12');
    expect(en).not.toMatch(/extra\.SD_\w+: /);
    const de = textOf(handBack({ verb: 'ticket.create', form: 'new-ticket' }, typed, 'Abgelehnt.', 'de', vocabulary));
    expect(de).toContain('Standort: HQ');
    expect(de).toContain('Cost centre: CC-12');
  });
});
