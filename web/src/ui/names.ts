// Names of people and CPU players as the reader sees them. The server sends the names people
// chose; a name the site gave ("Guest 4f2a") and a CPU seat are written here, in the page's
// language, so no English word of the server's reaches an Arabic page.
import type { I18n } from "../i18n";
import type { GroupState, Member, PlayerRef, SeatInfo } from "../net/protocol";

/**
 * A person's name: their own, or the site's default in the reader's language ("Guest 4f2a"; a
 * person not known yet — a practice game on a page never greeted — "Guest"). Never blank.
 */
export function personName(
  name: string,
  personId: string | undefined,
  defaultName: boolean | undefined,
  i18n: I18n,
): string {
  if (!name.trim()) return i18n.t("name.guestUnknown");
  if (defaultName && personId) return i18n.t("name.guest", { tag: personId.slice(0, 4) });
  return name;
}

export function cpuName(level: number, i18n: I18n): string {
  return i18n.t("seat.cpuLevel", { n: level });
}

export function memberName(m: Member, i18n: I18n): string {
  return personName(m.name, m.id, m.default_name, i18n);
}

/** Who sits at (or will sit at) a seat: a person's name or "CPU level N". */
export function seatPlayerName(g: GroupState, s: SeatInfo, i18n: I18n): string {
  if (s.kind === "cpu" || !s.person) return cpuName(s.cpu_level ?? g.settings.cpu_level, i18n);
  return personName(s.name, s.person, s.default_name, i18n);
}

/** The player of a stored game's seat; `name` is the stored name (older records have no ref). */
export function recordPlayerName(ref: PlayerRef | undefined, name: string, i18n: I18n): string {
  if (!ref) return name === "CPU" ? i18n.t("seat.cpu") : name;
  if (ref.kind === "cpu") return cpuName(ref.level, i18n);
  return personName(name, ref.person, ref.default_name, i18n);
}
