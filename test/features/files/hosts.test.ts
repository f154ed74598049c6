/** Which hosts a file is fetched from, and which files are never taken: decided before any byte is read. */
import { describe, expect, it } from 'vitest';
import { allowedHost, SLACK_FILE_HOSTS, TEAMS_DOWNLOAD_HOSTS } from '../../../src/features/files/download';
import { freeName } from '../../../src/features/files/attach';
import { blockedExtension, sniffExecutable } from '../../../src/features/files/sniff';

describe('file hosts', () => {
  it('takes Slack files only from files.slack.com over https', () => {
    expect(allowedHost('https://files.slack.com/files-pri/T1-F1/download/a.png', SLACK_FILE_HOSTS)).toBe(true);
    expect(allowedHost('http://files.slack.com/files-pri/T1-F1/download/a.png', SLACK_FILE_HOSTS)).toBe(false);
    expect(allowedHost('https://files.slack.com.evil.example/a.png', SLACK_FILE_HOSTS)).toBe(false);
    expect(allowedHost('https://user:pw@files.slack.com/a.png', SLACK_FILE_HOSTS)).toBe(false);
    expect(allowedHost('not a url', SLACK_FILE_HOSTS)).toBe(false);
  });

  it('takes Teams download URLs only from SharePoint hosts', () => {
    expect(allowedHost('https://contoso-my.sharepoint.com/personal/a/_layouts/15/download.aspx?x=1', TEAMS_DOWNLOAD_HOSTS)).toBe(true);
    expect(allowedHost('https://sharepoint.com.evil.example/x', TEAMS_DOWNLOAD_HOSTS)).toBe(false);
    expect(allowedHost('https://evilsharepoint.com/x', TEAMS_DOWNLOAD_HOSTS)).toBe(false);
    expect(allowedHost('https://contoso.sharepoint.com:8443/x', TEAMS_DOWNLOAD_HOSTS)).toBe(false);
  });
});

describe('blocked types and names', () => {
  it('knows programs by name and by their first bytes', () => {
    expect(['a.EXE', 'run.sh', 'x.ps1', 'setup.msi', 'a.js', 'b.vbs', 'c.cmd', 'd.bat'].map(blockedExtension)).toEqual(['exe', 'sh', 'ps1', 'msi', 'js', 'vbs', 'cmd', 'bat']);
    expect(blockedExtension('screenshot.png')).toBeUndefined();
    expect(sniffExecutable(Buffer.from('MZ\x90\x00'))).toBe('windows');
    expect(sniffExecutable(Buffer.from('\x7fELF\x02'))).toBe('linux');
    expect(sniffExecutable(Buffer.from([0xcf, 0xfa, 0xed, 0xfe]))).toBe('macos');
    expect(sniffExecutable(Buffer.from('\ufeff#!/bin/sh'))).toBe('script');
    expect(sniffExecutable(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });

  it('renames a taken name the way SharePoint does, ignoring case', () => {
    expect(freeName('shot.png', new Set(['shot.png', 'shot 1.png']))).toBe('shot 2.png');
    expect(freeName('Shot.PNG', new Set(['shot.png']))).toBe('Shot 1.PNG');
    expect(freeName('a/b:c?.txt', new Set())).toBe('a_b_c_.txt');
    expect(freeName('...', new Set())).toBe('file');
  });
});
