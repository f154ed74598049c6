/** HELPDESK_ATTACHMENT_MAX_MB and HELPDESK_ATTACHMENTS_FOLDER are read with the other settings and refused by name when malformed. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config';

describe('files settings', () => {
  it('default to 25 MB and SD_Attachments', () => {
    expect(loadConfig({}).files).toEqual({ maxBytes: 25 * 1024 * 1024, folder: 'SD_Attachments' });
  });

  it('take a size and a nested folder', () => {
    expect(loadConfig({ HELPDESK_ATTACHMENT_MAX_MB: '10', HELPDESK_ATTACHMENTS_FOLDER: '/Help desk/Attachments/' }).files).toEqual({ maxBytes: 10 * 1024 * 1024, folder: 'Help desk/Attachments' });
  });

  it('stop start-up naming the variable', () => {
    expect(() => loadConfig({ HELPDESK_ATTACHMENT_MAX_MB: 'lots' })).toThrow(/HELPDESK_ATTACHMENT_MAX_MB/);
    expect(() => loadConfig({ HELPDESK_ATTACHMENTS_FOLDER: '../secrets' })).toThrow(/HELPDESK_ATTACHMENTS_FOLDER/);
  });
});
