// The radio groups of the settings dialog, the online lobby and the hall: game type, the match
// target of 101 (seed 003: to 101, 301 or 501) and computer level.

import { t } from "../i18n.js";
import { chosenPlayers } from "./players_choice.js";

export const PRESETS = ["draw", "block", "101", "kozel"];
export const LEVELS = ["easy", "medium", "hard"];
export const TARGETS = [101, 301, 501];

function radio(name, value, checked) {
  const input = document.createElement("input");
  input.type = "radio";
  input.name = name;
  input.value = value;
  input.checked = checked;
  return input;
}

/** Fill a <fieldset> (keeping its legend) with one radio per game type, with a short hint. */
export function presetRadios(box, name, current) {
  const legend = box.querySelector("legend");
  box.replaceChildren(legend, ...PRESETS.map((preset) => {
    const label = document.createElement("label");
    const input = radio(name, preset, preset === current);
    input.dataset.preset = "";
    const text = document.createElement("span");
    text.className = "choice-text";
    const title = document.createElement("span");
    title.textContent = t(`preset.${preset}`);
    const hint = document.createElement("span");
    hint.className = "hint";
    hint.textContent = t(`preset.${preset}.hint`);
    text.append(title, hint);
    label.append(input, text);
    return label;
  }));
}

/** Append to a preset <fieldset> the match target radios (RULES.md §3 `target`), shown only
 * while its "101" radio is checked: the other games are single deals and have no target. */
export function targetRadios(presetBox, name, current) {
  presetBox.querySelector("[data-targets]")?.remove();
  const box = document.createElement("fieldset");
  box.className = "choice targets";
  box.dataset.targets = "";
  const legend = document.createElement("legend");
  legend.textContent = t("target.legend");
  box.append(legend, ...TARGETS.map((n) => {
    const label = document.createElement("label");
    const input = radio(name, String(n), n === Number(current));
    input.dataset.target = "";
    label.append(input, document.createTextNode(t("target", { n })));
    return label;
  }));
  if (!box.querySelector("input:checked")) box.querySelector("input").checked = true;
  presetBox.append(box);
  const sync = () => { box.hidden = chosenRules(presetBox).preset !== "101"; };
  presetBox.onchange = sync; // a property, not a listener: rebuilding the box leaves one handler
  sync();
}

/** The `rules` of a create request from a preset <fieldset>: a target only for 101. */
export function chosenRules(presetBox, fallback = "draw") {
  const preset = presetBox.querySelector("input[data-preset]:checked")?.value ?? fallback;
  const players = chosenPlayers(presetBox, preset);
  if (players) return { preset, players };
  if (preset !== "101") return { preset };
  const target = Number(presetBox.querySelector("input[data-target]:checked")?.value);
  return { preset, target: TARGETS.includes(target) ? target : 101 };
}

/** Fill a <fieldset> (keeping its legend) with one radio per computer level. */
export function levelRadios(box, name, current) {
  const legend = box.querySelector("legend");
  box.replaceChildren(legend, ...LEVELS.map((level) => {
    const label = document.createElement("label");
    label.append(radio(name, level, level === current), document.createTextNode(t(`level.${level}`)));
    return label;
  }));
}
