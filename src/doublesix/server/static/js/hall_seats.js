// @ts-check
// The hall's parts for tables of three and four: which seats the computer fills (chosen by
// the creator), the seats of a listed table with the pairs of «Козёл», and a "sit" button
// for each free seat.

import { t } from "./i18n.js";
import "./seats_i18n.js";
import { playersChosen } from "./presets.js";
import { playersIn } from "./views/players_choice.js";

/** @typedef {import("./types.js").PresetBox} PresetBox */
/** @typedef {{ seats: Array<{ seat: number, name?: string|null, taken?: boolean, computer?: boolean }>, pairs?: number[][], status: string, watchers?: number }} Listed */

/** Checkboxes "the computer sits at seat 2/3/4", shown for tables of three and four. */
/** @param {PresetBox} presetBox @param {number[]|null|undefined} current */
export function computerSeatBoxes(presetBox, current) {
  presetBox.querySelector("[data-computers]")?.remove();
  const box = document.createElement("fieldset");
  box.className = "choice computers";
  box.dataset.computers = "";
  const legend = document.createElement("legend");
  legend.textContent = t("hall.computers");
  box.append(legend, ...[1, 2, 3].map((seat) => {
    const label = document.createElement("label");
    label.dataset.computerSeat = String(seat);
    const input = document.createElement("input");
    input.type = "checkbox";
    input.value = String(seat);
    input.checked = (current ?? []).includes(seat);
    input.dataset.computer = "";
    label.append(input, document.createTextNode(` ${t("hall.computerSeat", { n: seat + 1 })}`));
    return label;
  }));
  presetBox.append(box);
  const sync = () => {
    const players = playersIn(chosen(presetBox));
    box.hidden = players < 3;
    for (const label of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll("[data-computer-seat]"))) label.hidden = Number(label.dataset.computerSeat) >= players;
  };
  if (!presetBox.dataset.computersWired) {
    presetBox.dataset.computersWired = "yes";
    presetBox.addEventListener("change", () => presetBox.computersSync?.());
  }
  presetBox.computersSync = sync;
  sync();
}

/** @param {ParentNode} presetBox */
function chosen(presetBox) {
  const preset = /** @type {HTMLInputElement|null} */ (presetBox.querySelector("input[data-preset]:checked"))?.value;
  const players = Number(/** @type {HTMLInputElement|null} */ (presetBox.querySelector("input[data-players]:checked"))?.value);
  return playersChosen(preset) ? { preset, players } : { preset };
}

/** The seats ticked for the computer, for a table of *players* (always one left free). */
/** @param {ParentNode} presetBox @param {number} players @returns {number[]} */
export function chosenComputers(presetBox, players) {
  if (players < 3) return [];
  const seats = [.../** @type {NodeListOf<HTMLInputElement>} */ (presetBox.querySelectorAll("input[data-computer]:checked"))]
    .map((i) => Number(i.value)).filter((s) => s < players);
  return seats.slice(0, players - 2);
}

/** One line naming every seat («Аня, место 2 свободно, Компьютер…») and the pairs. */
/** @param {Listed} table */
export function seatsLine(table) {
  const names = table.seats.map((s) => (s.computer ? t("computer") : s.taken ? s.name ?? "…" : t("seat.free")));
  let text = names.map((n, i) => `${i + 1}. ${n}`).join(" · ");
  if (table.pairs) {
    const pair = (/** @type {number[]} */ p) => p.map((s) => names[s]).join(" + ");
    const pairs = table.pairs;
    text += ` · ${t("hall.pairs", { a: pair(pairs[0]), b: pair(pairs[1]) })}`;
  }
  text += ` · ${t(`hall.status.${table.status}`)}`;
  if (table.watchers) text += ` · ${t("hall.watchers", { n: table.watchers })}`;
  return text;
}

/** A "sit at seat N" button for every free seat of an open table. */
/** @param {Listed} table @param {(seat: number) => HTMLElement} make */
export function seatButtons(table, make) {
  return table.seats.filter((s) => !s.taken).map((s) => make(s.seat));
}
