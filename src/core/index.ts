/** The shared vocabulary every layer may import; nothing in src/core imports anything outside it. */
export * from './conversation';
export * from './outcome';
export * from './conversation-ports';
export * from './verbs';
export * from './vocabulary';
export * from './search';
export * from './sla';
export * from './saved-replies';
export * from './answers';
export * from './merges';
export * from './satisfaction';
export * from './digests';
export * from './preferences';
export * from './decisions';
export * from './file-intake';
export * from './presence';
