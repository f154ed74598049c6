export const TEAMS_BUTTONS: readonly string[] = [];
