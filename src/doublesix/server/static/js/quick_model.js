// @ts-check
// «Играть сейчас» without the DOM: the game types it offers, what the seek frame says, and the
// words for the pool's answers (docs/protocol.md, "«Играть сейчас»"). The view is
// screens/hall_quick.js.

import { t } from "./i18n.js";
import { isTeams, playerCounts, ratedKeys } from "./presets.js";
import "./quick_i18n.js";

/** The game types the pool offers (hall/pool.py PRESETS): the rated ones two people play, one
 * against the other (a pairs game needs four). */
export function quickPresets() {
  return ratedKeys().filter((key) => !isTeams(key) && playerCounts(key).includes(2));
}

/** @typedef {{ minutes: number, increment: number }} Clock */
/** @typedef {{ type: string, rating?: number, window?: number|null, waited?: number, reason?: string, opponent?: { name: string, rating: number } }} PoolFrame */

/** The seek frame for *preset* and *clock* from the profile with *key*. */
export function seekFrame(/** @type {string} */ key, /** @type {string} */ preset, /** @type {Clock} */ clock, /** @type {string|null} */ name, /** @type {string} */ browser) {
  /** @type {Record<string, unknown>} */
  const frame = { type: "seek", key, preset, clock, browser };
  if (name) frame.name = name;
  return frame;
}

/** The line under «Ищем соперника…»: your rating and whom the pool accepts now. */
export function windowLine(/** @type {PoolFrame} */ frame) {
  const rating = frame.rating ?? 1500;
  if (frame.window === null || frame.window === undefined) return t("quick.windowAny", { rating });
  return t("quick.window", { rating, low: Math.max(0, rating - frame.window), high: rating + frame.window });
}

/** Seconds as the wait's clock shows them: 0:07, 1:32. */
export function waitedText(/** @type {number} */ seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** What a `seek_ended` frame means to the player (empty: nothing to say). */
export function endedText(/** @type {PoolFrame} */ frame) {
  return frame.reason === "replaced" ? t("quick.replaced") : frame.reason === "failed" ? t("quick.failed")
    : frame.reason === "cancelled" ? t("quick.cancelled") : "";
}
