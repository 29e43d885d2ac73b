// @ts-check
// The settings (⚙) of a computer or hot-seat table: the game type (a new one starts a new
// game), the computer's level (changed in place: the position stays) and the hints switch;
// at every table, the switches of settings_taps.js (online and for spectators, ⚙ is those).

import * as prefs from "../prefs.js";
import { t } from "../i18n.js";
import { catchUp, connection, startLocal } from "../screens/table_room.js";
import { $, shell, store } from "../shell.js";
import { levels, presetKeys } from "../presets.js";
import { chosenRules, levelRadios, presetRadios, targetRadios } from "../views/choices.js";
import { playersIn, playersRadios } from "../views/players_choice.js";
import { renderTapSwitches } from "./settings_taps.js";

/** @typedef {import("../types.js").State} State */
/** @typedef {import("../types.js").Mode} Mode */

const box = () => /** @type {HTMLDialogElement} */ ($("[data-settings]"));

export function open() {
  const state = store.state;
  const mode = /** @type {Mode} */ (state.mode);
  const rules = state.room?.rules ?? prefs.rulesFor(mode);
  const presets = $("[data-settings-presets]");
  presetRadios(presets, "settings-preset", rules.preset);
  targetRadios(presets, "settings-target", prefs.targetsFor(mode, rules));
  playersRadios(presets, "settings-players", playersIn(rules));
  const levels = $("[data-settings-levels]");
  levelRadios(levels, "settings-level", state.room?.level ?? state.level);
  levels.hidden = mode !== "computer";
  $("[data-settings-level-note]").hidden = mode !== "computer";
  // online the table's rules are the room's: nothing here may change them
  const local = mode === "computer" || mode === "hotseat";
  presets.hidden = !local;
  for (const el of [$("[data-i18n='settings.presetNote']"), $("[data-hints-setting]")]) if (el) el.hidden = !local;
  settingsToggle();
  box().showModal();
}

export function close() {
  if (box().open) box().close();
}

export function render() {
  settingsToggle();
}

/** A switch the table acts on at once: waiting computer moves come in at the new pace, and
 * «Автоход» is offered (or not) for the view on screen. */
function tapsChanged() {
  catchUp();
  shell.render();
}

async function save() {
  const state = store.state;
  const mode = /** @type {Mode} */ (state.mode);
  if (mode !== "computer" && mode !== "hotseat") {
    box().close(); // online ⚙ holds switches only, and they took effect when flipped
    return;
  }
  const rules = chosenRules($("[data-settings-presets]"), null);
  const level = /** @type {HTMLInputElement|null} */ (document.querySelector("[data-settings-levels] input:checked"))?.value;
  box().close();
  if (mode === "computer" && level && levels().includes(level)) {
    prefs.setLevel(level);
    const socket = connection();
    const change = Boolean(socket) && level !== store.state.room?.level;
    if (change) socket?.send({ type: "set_level", level });
    store.setLevel(level, change);
  }
  const current = store.state.room?.rules ?? prefs.rulesFor(mode);
  const changed = rules.preset !== current.preset || (rules.target && rules.target !== current.target)
    || playersIn(rules) !== playersIn(current);
  if (presetKeys().includes(rules.preset) && changed) {
    // a deal under way is thrown away by a new game type: asked first, and a «no» changes nothing
    const view = store.state.view;
    const underWay = Boolean(view && !view.result && (view.history ?? []).length);
    if (underWay && !(await shell.dialog("confirm", { question: t("confirm.newRules") }))) return;
    prefs.saveRules(mode, rules);
    startLocal(mode, { fresh: true });
  }
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "settings-cancel": () => box().close(),
  "settings-save": () => { save(); },
};

/** The hints switch («Подсказка»): it takes effect at once, at the table behind the dialog. */
function settingsToggle() {
  const form = $("[data-settings-form]");
  let label = $("[data-hints-setting]", form);
  if (!label) {
    label = document.createElement("label");
    label.className = "check";
    label.dataset.hintsSetting = "";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.hintsToggle = "";
    box.addEventListener("change", () => {
      prefs.setHints(box.checked);
      shell.render();
    });
    label.append(box, document.createElement("span"));
    const row = $(".dialog-actions", form);
    if (row) row.before(label);
    else form.append(label);
  }
  /** @type {HTMLInputElement} */ ($("input", label)).checked = prefs.hintsOn();
  $("span", label).textContent = ` ${t("hint.setting")}`;
  const mode = /** @type {Mode|null} */ (store.state.mode);
  label.hidden = mode !== "computer" && mode !== "hotseat";
  renderTapSwitches(form, mode, tapsChanged);
}
