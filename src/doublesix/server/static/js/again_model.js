// @ts-check
// «Ещё раз с ним» without the DOM: what the result sheet offers after a two-player hall game,
// from `room.hall.again` (docs/protocol.md, "«Ещё раз с ним»"), and the seat record of the
// new table (the same token opens it: the server bound the new seat to it).

import { t } from "./i18n.js";
import "./again_i18n.js";

/** @typedef {{ by: number, declined?: boolean, game_id?: string, seats?: number[] }} AgainOffer */
/** @typedef {{ hall?: { again?: AgainOffer, over?: unknown, one_person?: boolean } | null, seats?: { seat: number, computer?: boolean, stand_in?: boolean, taken?: boolean }[] }} AgainRoom */
/** @typedef {{ phase: "none"|"offer"|"waiting"|"invited"|"ready", note: string }} AgainSheet */

/**
 * What the sheet shows to the player at *mySeat*: "none" (not a hall game of two people, or
 * of one person in both seats, or not over), "offer" (the button), "waiting" (my offer, «Отозвать»), "invited" (theirs:
 * «Принять» / «Отказаться»), "ready" (accepted: «За новый стол»).
 * @param {AgainRoom|null|undefined} room @param {number} mySeat @param {boolean} over
 * @param {(seat: number) => string} nameOf
 * @returns {AgainSheet}
 */
export function againSheet(room, mySeat, over, nameOf) {
  const seats = room?.seats ?? [];
  const people = seats.length === 2 && seats.every((s) => !s.computer && !s.stand_in && s.taken !== false);
  // two tabs of one person: nobody else to invite (room.hall.one_person)
  if (!room?.hall || !people || !over || room.hall.one_person) return { phase: "none", note: "" };
  const offer = room.hall.again;
  const other = nameOf(1 - mySeat);
  if (!offer) return { phase: "offer", note: "" };
  if (offer.game_id) return { phase: "ready", note: t("again.ready") };
  if (offer.declined) return { phase: "offer", note: offer.by === mySeat ? t("again.declined", { name: other }) : "" };
  return offer.by === mySeat ? { phase: "waiting", note: t("again.waiting", { name: other }) }
    : { phase: "invited", note: t("again.invited", { name: other }) };
}

/**
 * The record of my seat at the new table, or null before it is made.
 * @param {AgainOffer|undefined} offer
 * @param {import("./types.js").SeatRecord|null} mine my record of the old table (its token)
 * @returns {import("./types.js").SeatRecord|null}
 */
export function newTable(offer, mine) {
  if (!offer?.game_id || !offer.seats || !mine?.token) return null;
  const seat = offer.seats[mine.seat];
  if (typeof seat !== "number") return null;
  return { game_id: offer.game_id, token: mine.token, seat, seats: [seat], mode: "online" };
}
