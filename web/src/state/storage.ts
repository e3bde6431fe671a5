// Local storage that never throws (private mode, disabled storage, tests without a DOM).

export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string | null): void;
}

const PREFIX = "kaisho.";

export function browserStorage(): KeyValue {
  let ls: Storage | null = null;
  try {
    ls = typeof localStorage !== "undefined" ? localStorage : null;
  } catch {
    ls = null;
  }
  const mem = new Map<string, string>();
  return {
    get(key) {
      try {
        if (ls) return ls.getItem(PREFIX + key);
      } catch {
        /* fall through */
      }
      return mem.get(key) ?? null;
    },
    set(key, value) {
      try {
        if (ls) {
          if (value === null) ls.removeItem(PREFIX + key);
          else ls.setItem(PREFIX + key, value);
          return;
        }
      } catch {
        /* fall through */
      }
      if (value === null) mem.delete(key);
      else mem.set(key, value);
    },
  };
}

export function memoryStorage(): KeyValue {
  const mem = new Map<string, string>();
  return {
    get: (k) => mem.get(k) ?? null,
    set: (k, v) => {
      if (v === null) mem.delete(k);
      else mem.set(k, v);
    },
  };
}

/**
 * What the device remembers: the secret token, the last group, the chosen language, and the
 * display preferences (move notation, sound on the opponent's move).
 */
export const KEYS = {
  token: "token",
  name: "name",
  lastGroup: "lastGroup",
  lang: "lang",
  notation: "notation",
  sound: "sound",
  zoom: "zoom",
  /** "GAME_ID:PLIES": how many moves of the current game this device has shown. */
  seen: "seen",
  /** Practice games against the CPU in the page, by game (session/localSession.ts). */
  practice: "practice",
  /** Finished practice games waiting to be sent to My games (session/practiceOutbox.ts). */
  practiceOutbox: "practiceOutbox",
  /** Ids of the practice games the server stored lately. */
  practiceSent: "practiceSent",
  /**
   * The person of the last `welcome` ({id, name, default_name}, public): who plays a practice
   * game on a page that has not been greeted (no network), so it shows their name.
   */
  person: "person",
} as const;
