// @ts-check
// The table screen: opponent, infobar, line, status, hand, action buttons, side panel and the
// result sheet, rendered from the store's state. The hand is views/hand.js;
// a tap on an end marker goes back through `ctx.chooseEnd`.

import { renderLeaverOffer } from "./leavers.js";
import { t } from "../i18n.js";
import {
  announceLine, groupedHistory, historyLine, lastPlayed, leadIndex, legalMoves, matchLeader, statusLine,
} from "../describe.js";
import { telegramApp } from "../telegram.js";
import { tileSvg } from "../tiles.js";
import { renderHand } from "./hand.js";
import { endedLine, tableRow } from "./sheet_parts.js";
import { longestLine, renderBoard } from "./board.js";
import { renderSeats } from "./seats.js";
import { isMany, manyNamer, sideSeat } from "../seats_model.js";
import { clearSinceLine, markSinceHistory, renderSinceLine, sinceMode, sinceNow } from "./since.js";
import { renderHistorySheet } from "./history_sheet.js";

const $ = (root, sel) => root.querySelector(sel);

/** Names of the seats as this screen shows them. */
export function seatNamer(state) {
  if (isMany(state)) return manyNamer(state); // tables of three and four: seats_model.js
  const { mode, room } = state;
  const mine = state.game?.seat ?? 0;
  return (seat) => {
    if (mode === "hotseat") return t(`player.${seat + 1}`);
    if (mode === "computer") return seat === mine ? t("you") : t("computer");
    if (seat === mine) return t("you");
    const name = room?.seats?.[seat]?.name || t("opponent");
    return room?.seats?.[seat]?.stand_in ? t("leaver.computerFor", { name }) : name;
  };
}

function isComputerSeat(state, seat) {
  return state.mode === "computer" && seat !== (state.game?.seat ?? 0);
}

/** The seat whose hand this screen shows: mine, or in hot-seat the seat to move. */
export function viewSeat(state) {
  return sideSeat(state);
}

export function renderTable(root, state, ctx) {
  const view = state.view;
  const mySeat = viewSeat(state);
  const nameOf = seatNamer(state);
  const other = mySeat === 0 ? 1 : 0;
  const moves = legalMoves(view);
  // online play stops while a seat is empty or away, and while our own socket is down
  const halted = state.mode === "watch" || (state.mode === "online"
    && (Boolean(state.room?.waiting_for?.length) || (state.conn && state.conn !== "open")));
  const myTurn = Boolean(view && !view.result && view.to_move === mySeat && !state.covered && !halted);
  const rules = view?.rules ?? state.room?.rules ?? {};

  // hooks for tests and styles: whose turn it is here, and whether a move is on its way
  root.dataset.turn = !view ? "none" : view.result ? "over" : myTurn ? "mine" : "other";
  root.dataset.pending = state.pending ? "yes" : "no";
  root.dataset.preset = rules.preset ?? "";

  // opponent band
  const opp = $(root, "[data-opponent]");
  const oppName = state.mode === "computer"
    ? t("computer.level", { level: t(`level.${state.room?.level ?? state.level}`) })
    : nameOf(other);
  $(opp, "[data-opp-name]").textContent = oppName;
  const oppCount = view?.hand_sizes?.[other] ?? 0;
  const backs = $(opp, "[data-opp-hand]");
  if (backs.childElementCount !== oppCount) {
    const grew = oppCount > backs.childElementCount && backs.childElementCount > 0 && view?.line?.length;
    backs.replaceChildren(...Array.from({ length: oppCount }, () => tileSvg(0, 0, { vertical: true, hidden: true })));
    if (grew) backs.lastElementChild?.classList.add("is-drawn");
  }
  fitBacks(backs, oppCount);
  backs.setAttribute("aria-label", t("opp.backs", { name: nameOf(other), n: oppCount }));
  $(opp, "[data-opp-count]").textContent = String(oppCount);
  const oppTurn = Boolean(view && !view.result && view.to_move === other);
  opp.classList.toggle("is-turn", oppTurn);
  root.querySelector(".hand-wrap")?.classList.toggle("is-turn", myTurn);
  const thinking = $(opp, "[data-opp-thinking]");
  thinking.hidden = !(oppTurn && isComputerSeat(state, other));
  thinking.textContent = t("thinking");
  const presence = $(opp, "[data-opp-presence]");
  // while our own socket is down we cannot know whether the opponent is there: say nothing
  const weAreConnected = !state.conn || state.conn === "open";
  if (state.mode === "online" && state.room && weAreConnected) {
    const seatInfo = state.room.seats?.[other];
    presence.textContent = !seatInfo?.taken ? t("online.seatFree")
      : seatInfo.stand_in ? t("leaver.playing") // the computer plays the seat of one who left
        // «Соперник отключился — ждём» is the status line's: said here too, it was said twice
        : seatInfo.connected ? t("online.oppOnline") : t("online.oppOffline");
    presence.dataset.presence = !seatInfo?.taken ? "free" : seatInfo.connected ? "online" : "away";
  } else {
    // a no-break space while reconnecting keeps the line's height: the table does not jump
    presence.textContent = state.mode === "online" && !weAreConnected ? "\u00a0" : "";
    delete presence.dataset.presence;
  }

  // infobar
  const drawing = rules.draw_rule && rules.draw_rule !== "none";
  $(root, "[data-boneyard]").toggleAttribute("data-unused", !drawing); // a short screen hides it
  $(root, "[data-boneyard]").textContent = view
    ? drawing ? t("boneyard", { n: view.boneyard }) : t("boneyard.none")
    : "";
  $(root, "[data-ends-text]").textContent = view?.ends
    ? t("ends", { a: view.ends[0], b: view.ends[1] })
    : view ? t("ends.empty") : "";
  const score = $(root, "[data-score]");
  const match = view?.match;
  const [first, second] = state.mode === "watch" ? [0, 1] : [mySeat, other]; // a spectator: seat 0 first, as the sheet
  if (match) {
    const leader = matchLeader(match);
    const parts = [ // the penalties by name: «Штраф 0:52» left one guessing whose 52 it was
      t("score.penalty", { me: nameOf(first), a: match.scores[first], other: nameOf(second), b: match.scores[second] }),
      t("target", { n: match.target }),
    ];
    if (match.hanging) parts.push(t("hanging", { n: match.hanging }));
    // a phone has room for the score and the target; the leader is plain from "lower is better"
    // (held sideways too: its counts are two short lines at the head of the right column)
    if (innerWidth >= 600 && innerHeight > 500) parts.push(leader === null ? t("leads.none") : t("leads", { name: nameOf(leader) }));
    score.textContent = parts.join(" · ");
    score.title = t("score.lowerBetter");
  } else {
    score.textContent = "";
  }

  // invite panel (online, while the guest seat is free)
  const invite = $(root, "[data-invite]");
  const free = state.mode === "online" && state.room?.seats?.some((s) => !s.taken);
  invite.hidden = !free;
  if (free) {
    const hasLink = Boolean(state.inviteLink); // a guest holds no link: no empty field to copy
    // a guest: the status line already says «Ждём соперника», the seat «Место свободно»
    $(invite, "[data-invite-text]").textContent = hasLink ? t("online.waiting") : t("seats.startsFull");
    $(invite, ".invite-row").hidden = !hasLink;
    const link = $(invite, "[data-invite-link]");
    link.value = state.inviteLink ?? "";
    link.setAttribute("aria-label", t("online.invite"));
    $(invite, '[data-action="share-invite"]').hidden = !navigator.share && !telegramApp();
    $(invite, '[data-action="reset-room"]').hidden = !state.room?.can_reset;
  }

  // board
  const playEnds = state.selected ? moves.plays.get(state.selected) ?? [] : [];
  const choosing = myTurn && state.selected && playEnds.length > 1 ? playEnds.filter(Boolean) : [];
  const choose = $(root, "[data-choose]");
  choose.hidden = choosing.length < 2;
  if (choosing.length >= 2 && view?.ends) {
    const [leftBtn, rightBtn] = choose.querySelectorAll("button");
    leftBtn.textContent = `${t("left")}: ${view.ends[0]}`;
    rightBtn.textContent = `${t("right")}: ${view.ends[1]}`;
    leftBtn.setAttribute("aria-label", t("end.play", { side: t("side.left"), v: view.ends[0] }));
    rightBtn.setAttribute("aria-label", t("end.play", { side: t("side.right"), v: view.ends[1] }));
  }

  // status
  const status = $(root, "[data-status]");
  let statusText = state.errorText || statusLine(view, {
    mySeat: state.mode === "watch" ? -1 : mySeat, nameOf, computer: isComputerSeat(state, view?.to_move), online: state.mode === "online",
    selected: state.selected, who: state.mode === "hotseat" ? nameOf(mySeat) : null,
  });
  if (state.mode === "online" && state.conn && state.conn !== "open") {
    if (state.conn === "reconnecting") statusText = t("online.reconnecting");
    if (state.conn === "restarting") statusText = t("online.restarting");
  } else if (state.mode === "online" && state.room?.waiting_for?.length && view && !view.result) {
    statusText = free ? t("turn.waitOpponent") : t("online.oppAway");
  }
  if (view?.result && state.resultHidden && !state.errorText) statusText = endedLine(); // the sheet was closed
  if (status.textContent !== statusText) status.textContent = statusText;
  renderLeaverOffer(/** @type {HTMLElement} */ ($(root, "[data-leaver-offer]")), state); // under it
  status.classList.toggle("is-turn", myTurn);
  // the other player's last move, in words (an aria-live region reads it out); a shared
  // screen of three or four says instead all that happened since this player's turn
  const announce = $(root, "[data-announce]");
  const since = sinceNow(state);
  root.toggleAttribute("data-since", sinceMode(state));
  if (sinceMode(state)) {
    renderSinceLine(announce, state, since, nameOf);
  } else {
    clearSinceLine(announce);
    const said = state.announce ? announceLine(state.announce.event, nameOf, state.announce.draws) : "";
    if (announce.textContent !== said) announce.textContent = said;
  }

  renderHand($(root, "[data-hand]"), state, view, moves, myTurn);

  // actions: only the legal ones
  const show = (name, on) => { $(root, `[data-action="${name}"]`).hidden = !on; };
  const autoDraw = rules.draw_rule === "one_then_pass";
  show("draw", myTurn && moves.draw && !autoDraw);
  show("pass", myTurn && moves.pass);
  show("redeal", myTurn && moves.redeal);
  show("show-result", Boolean(view?.result && state.resultHidden));

  renderSide(root, state, view, nameOf, mySeat, other);
  markSinceHistory($(root, "[data-history]"), since, t(state.mode === "watch" ? "since.round" : "since.lead"));
  renderHistorySheet(root, state); // a phone's history: the same list in a sheet pulled up

  // three or four players: the others around the line (views/seats.js)
  renderSeats(root, state, { nameOf, mySeat });
  fitStatus(status); // after the seats, which may name the player to move instead

  // the board last: its size depends on everything above and below it
  const board = $(root, "[data-board]");
  const last = lastPlayed(view);
  const boardKey = JSON.stringify([view?.line, choosing, board.clientWidth, board.clientHeight, state.lang, state.freshIndex, last, since?.tiles]);
  if (board.dataset.key !== boardKey) {
    board.dataset.key = boardKey;
    renderBoard(board, {
      line: view?.line ?? [],
      lead: leadIndex(view?.history),
      most: longestLine(view), // one tile size for the deal, chosen for its longest line
      choosing,
      onEnd: ctx.chooseEnd,
      fresh: state.freshIndex ?? null,
      last,
      since: since?.tiles ?? [],
      // another player's tile comes from their side of the table (the band at the top)
      from: state.freshFrom === "top" ? sideOf(board, opp.querySelector("[data-opp-hand]")) : null,
      emptyText: view && !view.result ? t("ends.empty") : "",
    });
  }
}

function renderSide(root, state, view, nameOf, mySeat, other) {
  const list = $(root, "[data-history]");
  const items = groupedHistory(view?.history);
  const key = JSON.stringify([items.length, items.at(-1)?.count, state.lang, view?.match?.deal]);
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    if (items.length === 0) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = t("history.empty");
      list.replaceChildren(li);
    } else {
      list.replaceChildren(...items.map((ev) => {
        const li = document.createElement("li");
        let text = historyLine(ev, nameOf);
        if (ev.kind === "draw" && ev.count > 1) text += ` ×${ev.count}`;
        li.textContent = text;
        li.dataset.at = String(ev.at);
        return li;
      }));
      list.lastElementChild?.scrollIntoView?.({ block: "nearest" });
    }
  }
  const table = $(root, "[data-score-table]");
  const match = view?.match;
  table.hidden = !match;
  if (match) {
    const deals = state.deals ?? [];
    const [first, second] = state.mode === "watch" ? [0, 1] : [mySeat, other]; // as the infobar
    const rows = deals.map((d) => [t("deal.n", { n: d.deal }), d.scores[first], d.scores[second]]);
    const head = ["", nameOf(first), nameOf(second)];
    const el = document.createElement("table");
    const caption = document.createElement("caption");
    caption.textContent = `${t("target", { n: match.target })}${match.hanging ? ` · ${t("hanging", { n: match.hanging })}` : ""}`;
    el.append(caption);
    const tr = tableRow;
    el.append(tr(head, "th"));
    for (const r of rows) el.append(tr(r));
    el.append(tr([t("score", { a: "", b: "" }).replace(/[\s:]+$/, ""), match.scores[first], match.scores[second]], "th"));
    table.replaceChildren(el);
  }
}

/** The middle of *el* in the board's pixels: where a tile played from there starts. */
function sideOf(board, el) {
  if (!el) return null;
  const b = board.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2 - b.left, y: r.top + r.height / 2 - b.top };
}

/** The opponent's backs overlap as much as needed to show every one of them. */
function fitBacks(backs, n) {
  const room = backs.clientWidth;
  const w = 16;
  const overlap = n > 1 && room ? Math.max(-3, Math.min(w - 4, (n * w - room) / (n - 1))) : -3;
  backs.style.setProperty("--back-overlap", `${-overlap}px`);
}

/** A status too long for one line (a narrow phone, a long language) gets a smaller font and
 * two lines inside the room one line had: the board and the hand never move for it. */
function fitStatus(status) {
  const key = `${status.clientWidth}|${status.textContent}`;
  if (status.dataset.fitted === key) return; // measured already: no layout read per render
  status.classList.remove("is-long");
  if (status.scrollWidth > status.clientWidth + 1) status.classList.add("is-long");
  status.dataset.fitted = key;
}
