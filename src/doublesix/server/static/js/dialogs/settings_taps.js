// @ts-check
// ⚙'s switches of issue 24, at every table (online and for spectators too, where they are all
// of ⚙): «Автоход» (for this kind of table), the computer's pace, sounds, vibration and the
// others' quick reactions. Each takes effect at once, like the hints switch.

import { t } from "../i18n.js";
import * as prefs from "../prefs.js";
import "../taps_i18n.js";

/** @typedef {import("../types.js").Mode} Mode */

/** @param {HTMLElement} parent @param {string} key @param {(on: boolean) => void} change */
function check(parent, key, change) {
  const label = document.createElement("label");
  label.className = "check";
  label.dataset.tapsSwitch = key;
  const box = document.createElement("input");
  box.type = "checkbox";
  box.addEventListener("change", () => change(box.checked));
  label.append(box, document.createElement("span"));
  parent.append(label);
  return label;
}

/** The fieldset, made once before the dialog's buttons. */
function fieldset(/** @type {HTMLElement} */ form, /** @type {() => Mode|null} */ mode, /** @type {() => void} */ changed) {
  let set = /** @type {HTMLElement|null} */ (form.querySelector("[data-taps-settings]"));
  if (set) return set;
  set = document.createElement("fieldset");
  set.className = "taps-settings";
  set.dataset.tapsSettings = "";
  set.append(document.createElement("legend"));
  check(set, "auto", (on) => { prefs.setAutoplay(mode(), on); changed(); });
  const note = document.createElement("p");
  note.className = "note";
  note.dataset.tapsNote = "auto";
  set.append(note);
  const pace = document.createElement("div");
  pace.className = "taps-pace";
  pace.dataset.tapsSwitch = "pace";
  const title = document.createElement("span");
  pace.append(title);
  for (const value of ["fast", "normal", "slow"]) {
    const label = document.createElement("label");
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "taps-pace";
    radio.value = value;
    radio.addEventListener("change", () => { if (radio.checked) { prefs.setPace(value); changed(); } });
    label.append(radio, document.createElement("span"));
    pace.append(label);
  }
  set.append(pace);
  check(set, "sound", (on) => { prefs.setSound(mode(), on); });
  check(set, "vibrate", (on) => { prefs.setVibration(on); });
  check(set, "reactions", (on) => { prefs.setReactionsMuted(!on); });
  const row = form.querySelector(".dialog-actions");
  if (row) row.before(set);
  else form.append(set);
  return set;
}

/**
 * Draw the switches for a table of *mode*; *changed* runs after a switch that the table
 * behind acts on at once (the pace, «Автоход»).
 * @param {HTMLElement} form @param {Mode|null} mode @param {() => void} changed
 */
export function renderTapSwitches(form, mode, changed) {
  const set = fieldset(form, () => mode, changed);
  /** @type {HTMLElement} */ (set.querySelector("legend")).textContent = t("taps.title");
  const text = (/** @type {string} */ key, /** @type {string} */ words) => {
    const el = /** @type {HTMLElement} */ (set.querySelector(`[data-taps-switch="${key}"]`));
    /** @type {HTMLElement} */ (el.querySelector("span")).textContent = ` ${t(words)}`;
    return el;
  };
  const auto = text("auto", "taps.auto");
  auto.hidden = mode === "watch";
  /** @type {HTMLInputElement} */ (auto.querySelector("input")).checked = prefs.autoplayOn(mode);
  const note = /** @type {HTMLElement} */ (set.querySelector("[data-taps-note=auto]"));
  note.textContent = t("taps.autoNote");
  note.hidden = mode === "watch";
  const pace = /** @type {HTMLElement} */ (set.querySelector("[data-taps-switch=pace]"));
  /** @type {HTMLElement} */ (pace.firstElementChild).textContent = t("taps.pace");
  for (const label of pace.querySelectorAll("label")) {
    const radio = /** @type {HTMLInputElement} */ (label.querySelector("input"));
    /** @type {HTMLElement} */ (label.querySelector("span")).textContent = t(`taps.pace.${radio.value}`);
    radio.checked = radio.value === prefs.pace();
  }
  // the pace is of computer seats: none in hot-seat
  pace.hidden = mode === "hotseat";
  /** @type {HTMLInputElement} */ (text("sound", "taps.sound").querySelector("input")).checked = prefs.soundOn(mode);
  const vibrate = text("vibrate", "taps.vibrate");
  /** @type {HTMLInputElement} */ (vibrate.querySelector("input")).checked = prefs.vibrationOn();
  vibrate.hidden = mode === "watch"; // a spectator has no turn to be told of
  const reactions = text("reactions", "taps.reactions");
  /** @type {HTMLInputElement} */ (reactions.querySelector("input")).checked = !prefs.reactionsMuted();
  reactions.hidden = mode !== "online" && mode !== "watch";
}
