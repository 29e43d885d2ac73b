// @ts-check
// The player's hand at the table: one button per tile (a tap is the table screen's "tap-tile"
// action), playable ones marked, a drawn tile flying in from the boneyard, focus and scroll
// kept on the tile in play.

import { t } from "../i18n.js";
import { canonical, splitTile, tileSpoken } from "../describe.js";
import { tileSvg } from "../tiles.js";
import { fitHand, showWholeRows } from "./hand_fit.js";

/** @typedef {import("../types.js").State} State */
/** @typedef {import("../types.js").View} View */

/**
 * @param {HTMLElement} hand
 * @param {State} state
 * @param {View|null} view
 * @param {{ plays: Map<string, Array<string|null>> }} moves
 * @param {boolean} myTurn
 */
export function renderHand(hand, state, view, moves, myTurn) {
  const tiles = view?.hand ?? [];
  const focusedTile = /** @type {HTMLElement|null|undefined} */ (document.activeElement?.closest?.("[data-tile]"))?.dataset.tile ?? null;
  const firstMove = (view?.line ?? []).length === 0;
  const key = JSON.stringify([tiles, [...moves.plays.keys()], myTurn, state.selected, state.freshHand, state.lang]);
  fitHand(hand); // held sideways: every tile whole in the rows the column leaves (hand_fit.js)
  if (hand.dataset.key === key) return;
  hand.dataset.key = key;
  hand.setAttribute("aria-label", t("hand"));
  const buttons = tiles.map((tile) => {
    const name = canonical(tile);
    const [a, b] = splitTile(tile);
    const playable = myTurn && moves.plays.has(name);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "hand-tile";
    button.dataset.tile = name;
    button.append(tileSvg(a, b, { vertical: true }));
    let label = t("tile.name", { tile: name });
    if (playable) {
      button.classList.add("is-playable");
      button.dataset.playable = "true";
      label = firstMove && moves.plays.size === 1 ? t("tile.lead", { tile: name }) : t("tile.playable", { tile: name });
      if (firstMove && moves.plays.size === 1) button.dataset.lead = "true";
    } else {
      button.setAttribute("aria-disabled", "true");
      button.tabIndex = -1;
    }
    if (state.selected === name) {
      button.classList.add("is-selected");
      button.setAttribute("aria-pressed", "true");
      label = t("tile.selected", { tile: name });
    }
    if (state.freshHand?.includes(name)) button.classList.add("is-new");
    button.setAttribute("aria-label", label);
    button.title = tileSpoken(name);
    button.dataset.action = "tap-tile"; // screens/table.js
    return button;
  });
  hand.replaceChildren(...buttons);
  fitHand(hand); // with the new count, before the flying tile measures where it lands
  // a tile just drawn flies from the boneyard's label to its place in the hand: a copy on
  // top of everything (the hand's scrolling box would clip it), the tile itself appears after
  const yard = document.querySelector("[data-boneyard]")?.getBoundingClientRect();
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (hand.querySelectorAll(".is-new"))) {
    if (!yard?.width) break;
    const r = button.getBoundingClientRect();
    button.style.setProperty("--from-x", `${Math.round(yard.left + yard.width / 2 - r.left - r.width / 2)}px`);
    button.style.setProperty("--from-y", `${Math.round(yard.top + yard.height / 2 - r.top - r.height / 2)}px`);
    flyIn(button, r);
  }
  const count = /** @type {HTMLElement|null} */ (document.querySelector("[data-hand-count]"));
  if (count) {
    count.hidden = tiles.length <= 7;
    count.textContent = t("hand.count", { n: tiles.length });
  }
  if (focusedTile) {
    const again = /** @type {HTMLElement|null} */ (hand.querySelector(`[data-tile="${focusedTile}"]`));
    (again ?? /** @type {HTMLElement|null} */ (hand.querySelector("[data-playable]")))?.focus({ preventScroll: false });
  }
  // a long hand scrolls: bring the chosen tile, or else the first one that fits, into view
  const target = /** @type {HTMLElement|null} */ (hand.querySelector(".is-selected") ?? hand.querySelector("[data-playable]"));
  if (target && hand.scrollWidth > hand.clientWidth) {
    const left = target.offsetLeft - hand.clientWidth / 2 + target.offsetWidth / 2;
    hand.scrollTo({ left: Math.max(0, left), behavior: "instant" });
  }
  showWholeRows(hand, target); // held sideways: its rows, not half of one
}

/** A copy of *button* that flies from its --from-x/--from-y offset to *rect*, then goes. */
/** @param {HTMLElement} button @param {DOMRect} rect */
function flyIn(button, rect) {
  const ghost = /** @type {HTMLElement} */ (button.cloneNode(true));
  ghost.removeAttribute("data-tile");
  ghost.removeAttribute("data-playable");
  ghost.setAttribute("aria-hidden", "true");
  // a picture, not a control: Tab must never land on it (it vanishes and drops focus to the page)
  ghost.inert = true;
  ghost.className = "hand-tile flying-tile";
  Object.assign(ghost.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px` });
  document.body.append(ghost);
  button.classList.add("is-arriving");
  const done = () => { ghost.remove(); button.classList.remove("is-arriving"); };
  ghost.addEventListener("animationend", done, { once: true });
  const motion = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--motion")) || 0;
  setTimeout(done, motion + 200); // also when no animation runs at all
}

