// @ts-check
// The number of players, beside the game type in every place a game is set up (settings,
// online lobby, hall): 2, 3 or 4 for the single deals; 101 is for two; «Козёл» for four.

import { t } from "../i18n.js";
import "../seats_i18n.js";

/** @typedef {import("../types.js").PresetBox} PresetBox */

export const PLAYERS = [2, 3, 4];
const FREE = ["draw", "block"];

/** How many play under *rules* (a create request's or a room's). */
/** @param {{ preset?: string, players?: number }|null|undefined} rules @returns {number} */
export function playersIn(rules) {
  if (rules?.players) return rules.players;
  return rules?.preset === "kozel" ? 4 : 2;
}

/** Append to a preset <fieldset> the players radios, shown only for draw and block. */
/** @param {PresetBox} presetBox @param {string} name @param {number|null|undefined} current */
export function playersRadios(presetBox, name, current) {
  presetBox.querySelector("[data-players-box]")?.remove();
  const box = document.createElement("fieldset");
  box.className = "choice players";
  box.dataset.playersBox = "";
  const legend = document.createElement("legend");
  legend.textContent = t("players.legend");
  box.append(legend, ...PLAYERS.map((n) => {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = name;
    input.value = String(n);
    input.checked = n === Number(current ?? 2);
    input.dataset.players = "";
    label.append(input, document.createTextNode(` ${n}`));
    return label;
  }));
  if (!box.querySelector("input:checked")) /** @type {HTMLInputElement} */ (box.querySelector("input")).checked = true;
  const note = document.createElement("p");
  note.className = "note";
  note.dataset.playersNote = "";
  note.textContent = t("players.fixed.kozel");
  presetBox.append(box, note);
  const sync = () => {
    const preset = checked(presetBox, "input[data-preset]:checked") ?? "";
    box.hidden = !FREE.includes(preset);
    note.hidden = preset !== "kozel";
  };
  if (!presetBox.dataset.playersWired) {
    presetBox.dataset.playersWired = "yes";
    presetBox.addEventListener("change", () => presetBox.playersSync?.());
  }
  presetBox.playersSync = sync;
  sync();
}

/** The players option a preset <fieldset> asks for, or undefined for the preset's own. */
/** @param {ParentNode} presetBox @param {string} preset @returns {number|undefined} */
export function chosenPlayers(presetBox, preset) {
  if (!FREE.includes(preset)) return undefined;
  const n = Number(checked(presetBox, "input[data-players]:checked"));
  return PLAYERS.includes(n) && n !== 2 ? n : undefined;
}

/** The value of the checked input matching *sel* in *box*, if any. @param {ParentNode} box @param {string} sel */
function checked(box, sel) {
  return /** @type {HTMLInputElement|null} */ (box.querySelector(sel))?.value;
}
