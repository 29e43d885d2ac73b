// @ts-check
// The short interactive lesson from seed 000: the line 4-4, then 1-4, then 1-1. At each step
// the player lays the tile at an open end and gets told whether it fits and why.

import { t } from "../i18n.js";
import { splitTile } from "../describe.js";
import { tileSvg } from "../tiles.js";
import { renderBoard } from "./board.js";

export const STEPS = [
  { tile: "4-4", text: "tut.step1", good: "tut.good1" },
  { tile: "1-4", text: "tut.step2", good: "tut.good2" },
  { tile: "1-1", text: "tut.step3", good: "tut.good3" },
];

export class Tutorial {
  constructor(root) {
    this.root = root;
    this.reset();
  }

  reset() {
    this.step = 0;
    this.line = [];
    this.lead = 0;
    this.feedback = { text: "", good: true };
  }

  ends() {
    if (this.line.length === 0) return null;
    return [this.line[0][0], this.line[this.line.length - 1][1]];
  }

  /** Lay the current tile at `end` (null for the first tile); returns true when it fits. */
  place(end) {
    const step = STEPS[this.step];
    if (!step) return false;
    const [a, b] = splitTile(step.tile);
    const ends = this.ends();
    if (!ends) {
      this.line = [[a, b]];
    } else {
      const value = end === "left" ? ends[0] : ends[1];
      if (a !== value && b !== value) {
        this.feedback = { text: t("tut.bad", { tile: step.tile, v: value }), good: false };
        this.render();
        return false;
      }
      if (end === "left") {
        this.line.unshift(b === value ? [a, b] : [b, a]);
        this.lead += 1;
      } else {
        this.line.push(a === value ? [a, b] : [b, a]);
      }
    }
    this.feedback = { text: t(step.good), good: true };
    this.step += 1;
    this.render();
    return true;
  }

  /** The tile is tapped: laid at once on an empty line, else focus goes to the end buttons. */
  tapTile() {
    if (!this.ends()) this.place(null);
    else /** @type {HTMLElement|null} */ (this.root.querySelector("[data-tut-end]"))?.focus();
  }

  render() {
    const root = this.root;
    const step = STEPS[this.step];
    const ends = this.ends();
    const done = !step;
    const text = done ? t("tut.done") : `${this.step === 0 ? `${t("tut.intro")} ` : ""}${t(step.text)}`;
    root.querySelector("[data-tut-text]").textContent = text;
    const feedback = root.querySelector("[data-tut-feedback]");
    feedback.textContent = this.feedback.text
      + (ends && !done ? ` ${t("tut.ends", { a: ends[0], b: ends[1] })}` : "");
    feedback.className = `tut-feedback ${this.feedback.text ? (this.feedback.good ? "good" : "bad") : ""}`;
    const choosing = ends && !done ? ["left", "right"] : [];
    renderBoard(root.querySelector("[data-tut-board]"), {
      line: this.line, lead: this.lead, choosing, onEnd: (end) => this.place(end),
    });
    const endsBox = root.querySelector("[data-tut-ends]");
    endsBox.replaceChildren(...choosing.map((side, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn end-btn";
      b.dataset.tutEnd = side;
      b.textContent = `${t(side)}: ${ends[i]}`;
      b.setAttribute("aria-label", t("end.play", { side: t(`side.${side}`), v: ends[i] }));
      b.dataset.action = "tut-end"; // screens/tutorial.js
      return b;
    }));
    const hand = root.querySelector("[data-tut-hand]");
    hand.replaceChildren();
    if (step) {
      const [a, b] = splitTile(step.tile);
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hand-tile is-playable";
      button.dataset.tile = step.tile;
      button.append(tileSvg(a, b, { vertical: true }));
      button.setAttribute("aria-label", t("tile.playable", { tile: step.tile }));
      button.dataset.action = "tut-tile"; // screens/tutorial.js
      hand.append(button);
    }
    root.querySelector("[data-tut-play]").hidden = !done;
  }
}
