// @ts-check
// A phone's chat («болтун») at a hall table: the log and the form under the hand took the
// felt down to about 100 px on a 360×740 phone (issue 24), so there the chat lives in a
// bottom sheet pulled up by a one-line handle beside «Ходы», which counts the messages that
// came while it was shut («Болтун · 2 новых»). A desktop (the side panel's width and up) keeps
// the chat in its column. The chat itself (hall_table.js) is one element, moved between the two.

import { t } from "../i18n.js";
import { chatOff } from "../prefs.js";
import { onSwipe } from "./history_sheet.js";

/** @typedef {import("../types.js").State} State */

/** Where the chat goes into a sheet: below the side panel's width (css/table.css, .side). */
const PHONE = "(max-width: 899px)";
/** Held sideways (css/landscape.css): the handle is in the top bar. */
const SIDEWAYS = "(orientation: landscape) and (max-height: 500px)";

const $ = (/** @type {ParentNode} */ root, /** @type {string} */ sel) => /** @type {HTMLElement} */ (root.querySelector(sel));

let wired = false;
/** The table (game id and game number) and the time of the newest message read there. */
let read = { table: "", at: -Infinity };
/** The state last drawn: opening the sheet reads its messages at once. @type {State|null} */
let drawn = null;

function sheet() {
  return /** @type {HTMLDialogElement} */ (document.querySelector("[data-chat-sheet]"));
}

/** The chat into the sheet on a phone, back into the table's column (before the handles) on a
 * desktop; called on every render and when the window crosses the width. */
function place(/** @type {HTMLElement} */ root) {
  const chat = $(root.ownerDocument, "[data-chat]");
  const box = sheet();
  const phone = matchMedia(PHONE).matches;
  const slot = $(box, "[data-chat-slot]");
  if (phone && chat.parentElement !== slot) slot.append(chat);
  if (!phone && chat.parentElement === slot) {
    if (box.open) box.close();
    $(root, "[data-handles]").before(chat);
  }
}

function wire(/** @type {HTMLElement} */ root) {
  if (wired) return;
  wired = true;
  const handle = $(root, "[data-chat-handle]");
  const box = sheet();
  const open = () => {
    if (box.open) return;
    box.showModal();
    const log = box.querySelector("[data-chat-log]");
    if (log) log.scrollTop = log.scrollHeight;
    $(box, "[data-chat-close]").focus();
    if (drawn) renderChatSheet(root, drawn); // the count goes as the messages are seen
  };
  handle.addEventListener("click", open);
  onSwipe(handle, -1, open);
  handle.style.touchAction = "none";
  const grip = $(box, "[data-chat-grip]");
  grip.style.touchAction = "none";
  onSwipe(grip, 1, () => box.close());
  $(box, "[data-chat-close]").addEventListener("click", () => box.close());
  box.addEventListener("click", (ev) => { if (ev.target === box) box.close(); });
  box.addEventListener("close", () => { if (!handle.hidden) handle.focus({ preventScroll: true }); });
  matchMedia(PHONE).addEventListener("change", () => place(root));
}

/** Messages of others newer than the last one read at this table. */
function unread(/** @type {State} */ state, /** @type {string} */ table) {
  if (read.table !== table) read = { table, at: -Infinity };
  const mine = state.mode === "online" ? state.game?.seat : null;
  return (state.chat ?? []).filter((m) => (m.at ?? 0) > read.at && m.seat !== mine).length;
}

/** The handle (a phone at a hall table only) and the sheet, after hall_table.js drew the chat. */
export function renderChatSheet(/** @type {HTMLElement} */ root, /** @type {State} */ state) {
  drawn = state;
  wire(root);
  place(root);
  const handle = $(root, "[data-chat-handle]");
  const box = sheet();
  const on = Boolean(state.room?.hall) && Boolean(state.view);
  handle.hidden = !on;
  if (!on) {
    if (box.open) box.close();
    return;
  }
  const table = `${state.game?.game_id ?? ""}|${state.room?.game_no ?? ""}`;
  const messages = state.chat ?? [];
  // read: the sheet is open, or the chat is in the column on a desktop
  if (box.open || !matchMedia(PHONE).matches) read = { table, at: Math.max(read.table === table ? read.at : -Infinity, ...messages.map((m) => m.at ?? 0)) };
  const off = chatOff();
  const n = off ? 0 : unread(state, table);
  const words = off ? t("chat.off") : n ? t("chat.unread", { n }) : t("chat.title");
  // held sideways the handle shares the top bar's middle with «Ходы»: a sign and the count,
  // its words the handle's name
  // (✉, not 💬: a phone without a colour emoji font drew 💬 as an empty box)
  const text = matchMedia(SIDEWAYS).matches ? (off ? "✉ ✕" : n ? `✉ ${n}` : "✉") : words;
  const label = $(handle, "[data-chat-handle-text]");
  if (label.textContent !== text) label.textContent = text;
  if (handle.getAttribute("aria-label") !== words) handle.setAttribute("aria-label", words);
  handle.classList.toggle("has-unread", n > 0);
  handle.dataset.unread = String(n);
}
