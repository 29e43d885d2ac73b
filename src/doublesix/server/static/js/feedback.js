// @ts-check
// Sound and touch at the table (issue 24): what cues.js finds in a frame, played as a sound
// (sound.js, if ⚙ «Звуки» is on), a buzz for «Ваш ход» (navigator.vibrate, if ⚙ «Вибрация» is
// on and the system does not ask for reduced motion: a buzz is motion in the hand), and inside
// Telegram its own haptics instead of the buzz. Nothing here changes the game.

import { cues } from "./cues.js";
import * as prefs from "./prefs.js";
import { play, unlock } from "./sound.js";
import { haptic } from "./telegram.js";

/** @typedef {import("./types.js").State} State */
/** @typedef {import("./types.js").Frame} Frame */

const reduced = () => Boolean(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches);

/** The frame that turned *before* into *after*: its sounds and buzzes. */
export function feedback(/** @type {State} */ before, /** @type {State} */ after, /** @type {Frame} */ frame, /** @type {any} */ telegram) {
  mode = after.mode;
  for (const cue of cues(before, after, frame)) {
    if (prefs.soundOn(after.mode)) play(cue);
    if (!prefs.vibrationOn() || reduced()) continue;
    if (telegram?.app) haptic(telegram.app, cue);
    else if (cue === "turn") navigator.vibrate?.([60, 40, 60]);
  }
}

/** The mode of the table last heard from (a spectator's sounds have their own switch). */
let mode = /** @type {string|null} */ (null);
// browsers start Web Audio only after a gesture: the first tap at a table is one
globalThis.document?.addEventListener("pointerdown", () => { if (mode && prefs.soundOn(mode)) unlock(); }, true);
