/**
 * Which files are never taken: executables and scripts, known by their name's extension or by
 * their first bytes (a renamed program is still a program).
 */

/** Extensions of programs and scripts Windows, macOS or a shell would run. */
export const BLOCKED_EXTENSIONS: ReadonlySet<string> = new Set([
  'exe', 'com', 'scr', 'pif', 'cpl', 'msi', 'msp', 'msc', 'dll', 'sys', 'bat', 'cmd', 'ps1', 'psm1', 'psd1', 'vbs', 'vbe',
  'js', 'jse', 'mjs', 'wsf', 'wsh', 'hta', 'jar', 'reg', 'lnk', 'inf', 'sh', 'bash', 'zsh', 'csh', 'ksh', 'command',
  'app', 'dmg', 'pkg', 'run', 'bin', 'elf', 'apk', 'appx', 'msix', 'iso', 'vhd', 'vhdx', 'scf', 'gadget', 'application',
]);

/** The blocked extension of `name` (lower case), if it has one. */
export function blockedExtension(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = name.slice(dot + 1).toLowerCase().trim();
  return BLOCKED_EXTENSIONS.has(ext) ? ext : undefined;
}

const MAGIC: readonly { kind: string; bytes: readonly number[] }[] = [
  { kind: 'windows', bytes: [0x4d, 0x5a] },
  { kind: 'linux', bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { kind: 'macos', bytes: [0xfe, 0xed, 0xfa, 0xce] },
  { kind: 'macos', bytes: [0xfe, 0xed, 0xfa, 0xcf] },
  { kind: 'macos', bytes: [0xce, 0xfa, 0xed, 0xfe] },
  { kind: 'macos', bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { kind: 'macos', bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { kind: 'script', bytes: [0x23, 0x21] },
];

/** What the first bytes of a file say it is, when that is a program or a script; undefined otherwise. */
export function sniffExecutable(head: Uint8Array): string | undefined {
  // A UTF-8 byte order mark in front of a shebang still makes a script.
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  return MAGIC.find((m) => m.bytes.every((b, i) => head[start + i] === b))?.kind;
}
