// What an import of a Slack export tells the person (and the UI) while it runs and when it ends.
export interface ImportProgress {
  entriesDone: number;
  entriesTotal: number;
  messages: number;
}

export interface SkippedItem {
  /** The export file, e.g. `general/2021-03-04.json`. */
  entry: string;
  /** The place inside the file (`[12]`), empty for the whole file. */
  path: string;
  reason: string;
}

export interface ImportReport {
  source: string;
  users: number;
  conversations: { channel: number; private: number; dm: number; mpim: number };
  dayFiles: number;
  /** Valid messages read from the export (the same on every import of the same export). */
  messages: number;
  /** Of those, the ones this import added (0 when re-importing an unchanged export). */
  added: number;
  alreadyPresent: number;
  threadReplies: number;
  broadcasts: number;
  botMessages: number;
  systemMessages: number;
  edited: number;
  withFiles: number;
  withReactions: number;
  orphanReplies: number;
  /** User ids that messages name but users.json does not hold (Slackbot, deleted or external users). */
  unknownUsers: string[];
  skipped: SkippedItem[];
  /** Items skipped beyond the ones listed (the list is capped so one broken export cannot flood the report). */
  skippedNotListed: number;
  cancelled: boolean;
  seconds: number;
}

export function emptyReport(source: string): ImportReport {
  return {
    source,
    users: 0,
    conversations: { channel: 0, private: 0, dm: 0, mpim: 0 },
    dayFiles: 0,
    messages: 0,
    added: 0,
    alreadyPresent: 0,
    threadReplies: 0,
    broadcasts: 0,
    botMessages: 0,
    systemMessages: 0,
    edited: 0,
    withFiles: 0,
    withReactions: 0,
    orphanReplies: 0,
    unknownUsers: [],
    skipped: [],
    skippedNotListed: 0,
    cancelled: false,
    seconds: 0,
  };
}
