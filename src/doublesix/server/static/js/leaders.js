// @ts-check
// The leaderboards (issue 25; docs/protocol.md, "GET /api/ratings/{rating}"): which boards
// there are, the call that fetches one with this browser's profile key (so that the answer
// has the viewer's own place), and what the board's page says of it. DOM-free.

import { t } from "./i18n.js";
import "./leaders_i18n.js";
import { call } from "./profile.js";
import { signed } from "./rating_sheet.js";

/** The boards of a game type: of all time, of this week (since Monday). The game types are
 * presets.js's ratedKeys() (a 3 or 4 player deal is rated in its preset's rating: no boards
 * of their own). */
export const PERIODS = ["all", "week"];

/**
 * @typedef {object} Standing one line of a board
 * @property {number} place
 * @property {string} profile
 * @property {string} name
 * @property {number} rating
 * @property {string} label 1534, or 1534? while provisional
 * @property {boolean} provisional
 * @property {number} games
 * @property {number} [gain] this week's board: rating points won since Monday
 * @property {number} [week_games]
 *
 * @typedef {object} Board
 * @property {string} rating
 * @property {string} period
 * @property {number} min_games
 * @property {number|null} week_games
 * @property {Standing[]} top
 * @property {Standing|null} me
 * @property {{ label: string, games: number, provisional: boolean, week_games?: number }|null} mine
 */

/** The board of *rating* for *period*. @param {string} rating @param {string} period @returns {Promise<Board>} */
export function fetchBoard(rating, period) {
  return call("GET", `api/ratings/${encodeURIComponent(rating)}${period === "week" ? "?period=week" : ""}`);
}

/** What a line shows as its number: the rating (with its «?») of all time, the points won
 * (+34 / −8) this week. @param {Standing} s @param {string} period */
export function shownValue(s, period) {
  return period === "week" ? signed(s.gain ?? 0) : s.label;
}

/** Whether the viewer's own line is one of the top's (then it is marked there) or below it. */
/** @param {Board} board */
export function mineInTop(board) {
  return Boolean(board.me && board.top.some((s) => s.profile === board.me?.profile));
}

/**
 * The words under the board for a viewer who is not on it: their rating and how many more
 * rated games it takes, or that they have none yet ("" when they are on the board).
 * @param {Board} board
 */
export function offBoardText(board) {
  if (board.me) return "";
  const mine = board.mine;
  if (!mine) return t("leaders.mine.none");
  const rating = t("leaders.mine.rating", { rating: mine.label });
  if (mine.games < board.min_games) return `${rating} — ${t("leaders.toGo", { n: board.min_games - mine.games })}`;
  if (board.period === "week" && board.week_games !== null) {
    const n = Math.max(1, board.week_games - (mine.week_games ?? 0));
    return `${rating} — ${t("leaders.toGoWeek", { n })}`;
  }
  return `${rating}.`;
}

/** The note under the choices: who is on this board. @param {Board} board */
export function boardNote(board) {
  return board.period === "week" ? t("leaders.note.week", { n: board.week_games ?? 0 }) : t("leaders.note.all", { n: board.min_games });
}
