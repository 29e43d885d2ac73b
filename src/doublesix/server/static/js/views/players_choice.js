// @ts-check
// The number of players, beside the game type in every place a game is set up (settings,
// online lobby, hall): a choice where the preset offers several counts (draw and block: 2, 3
// or 4), none where it has one (101 is for two; «Козёл» for four).

import { t } from "../i18n.js";
import { defaultPlayers, isTeams, playerCounts, playersChosen, presetKeys } from "../presets.js";
import "../seats_i18n.js";

/** @typedef {import("../types.js").PresetBox} PresetBox */

/** Every count some preset can be played with, fewest first. */
function allCounts() {
  return [...new Set(presetKeys().flatMap(playerCounts))].sort((a, b) => a - b);
}

/** How many play under *rules* (a create request's or a room's). */
/** @param {{ preset?: string, players?: number }|null|undefined} rules @returns {number} */
export function playersIn(rules) {
  if (rules?.players) return rules.players;
  return defaultPlayers(rules?.preset);
}

/** Append to a preset <fieldset> the players radios, shown only where the preset offers a choice. */
/** @param {PresetBox} presetBox @param {string} name @param {number|null|undefined} current */
export function playersRadios(presetBox, name, current) {
  presetBox.querySelector("[data-players-box]")?.remove();
  const box = document.createElement("fieldset");
  box.className = "choice players";
  box.dataset.playersBox = "";
  const legend = document.createElement("legend");
  legend.textContent = t("players.legend");
  box.append(legend, ...allCounts().map((n) => {
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
    box.hidden = !playersChosen(preset);
    note.hidden = !isTeams(preset);
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
  if (!playersChosen(preset)) return undefined;
  const n = Number(checked(presetBox, "input[data-players]:checked"));
  return playerCounts(preset).includes(n) && n !== defaultPlayers(preset) ? n : undefined;
}

/** The value of the checked input matching *sel* in *box*, if any. @param {ParentNode} box @param {string} sel */
function checked(box, sel) {
  return /** @type {HTMLInputElement|null} */ (box.querySelector(sel))?.value;
}
