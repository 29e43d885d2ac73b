// @ts-check
// The profile page's small rating graph (issue 25): the rating after each rated game of one
// type, oldest first, as one inline SVG line (no library). `graphPoints` is DOM-free (tested
// in node); `ratingGraph` builds the element.

import { t } from "./i18n.js";
import "./leaders_i18n.js";

export const GRAPH_W = 160;
export const GRAPH_H = 40;
/** room at the edges, so that the line's stroke and the last game's dot are not cut */
const PAD = 4;

/**
 * The polyline's points for *values* in a GRAPH_W × GRAPH_H box: left to right one per game,
 * the highest at the top. A flat history is drawn level through the middle.
 * @param {number[]} values
 * @returns {[number, number][]}
 */
export function graphPoints(values) {
  if (values.length < 2) throw new Error("a graph needs two ratings or more");
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo;
  const round = (/** @type {number} */ x) => Math.round(x * 10) / 10;
  return values.map((v, i) => [
    round(PAD + ((GRAPH_W - 2 * PAD) * i) / (values.length - 1)),
    round(span ? GRAPH_H - PAD - ((GRAPH_H - 2 * PAD) * (v - lo)) / span : GRAPH_H / 2),
  ]);
}

/** The graph of *values* (two or more), named for a screen reader by its range and its end. */
/** @param {number[]} values @returns {SVGSVGElement} */
export function ratingGraph(values) {
  const ns = "http://www.w3.org/2000/svg";
  const points = graphPoints(values);
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(ns, "svg"));
  svg.setAttribute("viewBox", `0 0 ${GRAPH_W} ${GRAPH_H}`);
  svg.setAttribute("class", "profile-spark");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("profile.graph", {
    low: Math.min(...values), high: Math.max(...values), now: values[values.length - 1] }));
  svg.dataset.graph = String(values.length);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", points.map(([x, y]) => `${x},${y}`).join(" "));
  const [x, y] = points[points.length - 1];
  const dot = document.createElementNS(ns, "circle");
  dot.setAttribute("cx", String(x));
  dot.setAttribute("cy", String(y));
  dot.setAttribute("r", "3");
  svg.append(line, dot);
  return svg;
}
