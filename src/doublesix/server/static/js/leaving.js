// @ts-check
// Leaving rated games (issue 26; docs/protocol.md, "Leaving rated games"): the words of the
// refusal while a person's next rated game waits, and of the count on the profile. DOM-free.
import { t } from "./i18n.js";
import "./hall_i18n.js";
import "./profile_i18n.js";

/**
 * The whole minutes left of a `leave_wait` refusal (at least one: the server rounds up too).
 * @param {unknown} seconds the error's `retry_after`
 */
export function waitMinutes(seconds) {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? Math.max(1, Math.ceil(n / 60)) : 1;
}

/** The hall's words for a `leave_wait` refusal. @param {unknown} seconds */
export function leaveWaitText(seconds) {
  return t("hall.leaveWait", { minutes: waitMinutes(seconds) });
}

/** The profile's line for its rated games left; "" for none (nothing is shown then). @param {unknown} count */
export function leftRatedLine(count) {
  const n = Number(count);
  return Number.isInteger(n) && n > 0 ? t("profile.leftRated", { n }) : "";
}
