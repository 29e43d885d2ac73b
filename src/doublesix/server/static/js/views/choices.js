// The radio groups of the settings dialog and the online lobby: game type and computer level.

import { t } from "../i18n.js";

export const PRESETS = ["draw", "block", "101"];
export const LEVELS = ["easy", "medium", "hard"];

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

/** Fill a <fieldset> (keeping its legend) with one radio per computer level. */
export function levelRadios(box, name, current) {
  const legend = box.querySelector("legend");
  box.replaceChildren(legend, ...LEVELS.map((level) => {
    const label = document.createElement("label");
    label.append(radio(name, level, level === current), document.createTextNode(t(`level.${level}`)));
    return label;
  }));
}
