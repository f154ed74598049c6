/** A person's notification choices as commands, routing and the store name them (`notifications`). */

/** Which DMs a person gets, and their quiet hours (`HH:MM` in their own zone; an end before the start runs overnight). */
export interface DmChoices {
  status: boolean;
  comments: boolean;
  resolution: boolean;
  quietStart?: string;
  quietEnd?: string;
}

/** What `notifications` reads and writes. */
export interface PreferencePorts {
  /** The person's choices (every kind, no quiet hours when they never chose) and the zone their client reported. */
  choices(email: string): Promise<{ choices: DmChoices; zone?: string }>;
  setChoices(email: string, choices: DmChoices): Promise<void>;
}
