// @ts-check
// The radio groups of the settings dialog, the online lobby and the hall: game type, the match
// target of a match preset (seed 003: 101 to 101, 301 or 501; RULES.md §9: «Козёл» to 101, 201
// or 301) and computer level, each from the server's catalogue (presets.js); and the clock
// select of the hall and the lobby (hall.js CLOCKS).

import { CLOCKS, clockLabel } from "../hall.js";
import { t } from "../i18n.js";
import { isMatch, levels, matchPresets, presetKeys, targetsOf, validTarget } from "../presets.js";
import { chosenPlayers } from "./players_choice.js";

/** @param {string} name @param {string} value @param {boolean} checked */
function radio(name, value, checked) {
  const input = document.createElement("input");
  input.type = "radio";
  input.name = name;
  input.value = value;
  input.checked = checked;
  return input;
}

/** Fill a <fieldset> (keeping its legend) with one radio per game type, with a short hint. */
/** @param {HTMLElement} box @param {string} name @param {string} current */
export function presetRadios(box, name, current) {
  const legend = /** @type {HTMLElement} */ (box.querySelector("legend"));
  box.replaceChildren(legend, ...presetKeys().map((preset) => {
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
 * while a match preset is checked (101, «Козёл»), with that preset's targets; the others are
 * single deals. *current*: a target, or one per match preset (`{ "101": 301, kozel: 201 }`).
 * @param {HTMLElement} presetBox @param {string} name @param {number|Record<string, number>} current */
export function targetRadios(presetBox, name, current) {
  presetBox.querySelector("[data-targets]")?.remove();
  const box = document.createElement("fieldset");
  box.className = "choice targets";
  box.dataset.targets = "";
  const legend = document.createElement("legend");
  legend.textContent = t("target.legend");
  box.append(legend);
  // what was chosen for each preset, kept while the player switches between them
  /** @type {Record<string, number>} */
  const chosen = current && typeof current === "object" ? { ...current }
    : Object.fromEntries(matchPresets().map((p) => [p, /** @type {number} */ (current)]));
  /** @type {string|null} */
  let shownFor = null;
  box.addEventListener("change", (ev) => {
    const input = /** @type {HTMLInputElement} */ (ev.target);
    if (input.dataset.target !== undefined && shownFor) chosen[shownFor] = Number(input.value);
  });
  presetBox.append(box);
  const sync = () => {
    const preset = /** @type {string} */ (/** @type {HTMLInputElement|null} */ (presetBox.querySelector("input[data-preset]:checked"))?.value);
    const targets = targetsOf(preset);
    box.hidden = !targets.length;
    if (!targets.length || preset === shownFor) return;
    shownFor = preset;
    const want = validTarget(preset, chosen[preset]);
    box.replaceChildren(legend, ...targets.map((n) => {
      const label = document.createElement("label");
      const input = radio(name, String(n), n === want);
      input.dataset.target = "";
      label.append(input, document.createTextNode(t("target", { n })));
      return label;
    }));
  };
  presetBox.onchange = sync; // a property, not a listener: rebuilding the box leaves one handler
  sync();
}

/** The `rules` of a create request from a preset <fieldset>: a target only for a match. */
/** @param {HTMLElement} presetBox @param {string|null} [fallback] @returns {import("../types.js").Rules} */
export function chosenRules(presetBox, fallback = "draw") {
  const preset = /** @type {string} */ (/** @type {HTMLInputElement|null} */ (presetBox.querySelector("input[data-preset]:checked"))?.value ?? fallback);
  const players = chosenPlayers(presetBox, preset);
  if (players) return { preset, players };
  if (!isMatch(preset)) return { preset };
  return { preset, target: validTarget(preset, /** @type {HTMLInputElement|null} */ (presetBox.querySelector("input[data-target]:checked"))?.value) };
}

/** Fill a <fieldset> (keeping its legend) with one radio per computer level. */
/** @param {HTMLElement} box @param {string} name @param {string} current */
export function levelRadios(box, name, current) {
  const legend = /** @type {HTMLElement} */ (box.querySelector("legend"));
  box.replaceChildren(legend, ...levels().map((level) => {
    const label = document.createElement("label");
    label.append(radio(name, level, level === current), document.createTextNode(t(`level.${level}`)));
    return label;
  }));
}

/** Fill *select* with the clocks a table may have (hall.js CLOCKS), the *chosen* index selected. */
export function clockOptions(/** @type {HTMLSelectElement} */ select, /** @type {number} */ chosen) {
  select.replaceChildren(...CLOCKS.map((c, i) => {
    const option = document.createElement("option");
    option.value = String(i);
    option.textContent = c ? clockLabel({ minutes: c[0], increment: c[1] }) : t("hall.clock.none");
    option.selected = i === chosen;
    return option;
  }));
}
