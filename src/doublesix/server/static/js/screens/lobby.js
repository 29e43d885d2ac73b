// @ts-check
// The online lobby: set up a room for a friend (an invite link), or join one by its invite
// (#join=ID.INVITE, or Telegram's start parameter). The name the opponent sees is asked for
// once (dialogs/name.js) when neither the hall nor Telegram gave one.

import { t } from "../i18n.js";
import { clockAt, storedName } from "../hall.js";
import { leaveWaitText } from "../leaving.js";
import { ApiError, createGame, joinGame } from "../net.js";
import * as prefs from "../prefs.js";
import { $, shell } from "../shell.js";
import { chosenRules, clockOptions, presetRadios, targetRadios } from "../views/choices.js";
import { playersIn, playersRadios } from "../views/players_choice.js";

/** @typedef {import("../types.js").State} State */
/** @typedef {import("../types.js").SeatRecord} SeatRecord */

function message(/** @type {string} */ text) {
  $("[data-lobby-msg]").textContent = text;
}

/** @param {{ join?: string, invite?: string, notFound?: boolean }} params */
export function open(params) {
  if (params.join && params.invite) joinByInvite(params.join, params.invite);
  else if (params.notFound) message(t("online.notFound"));
}

export function close() {}

export function render(/** @type {State} */ state) {
  const box = $("[data-lobby-presets]");
  if (box.dataset.lang === state.lang) return;
  box.dataset.lang = state.lang;
  presetRadios(box, "lobby-preset", prefs.presetFor("online"));
  targetRadios(box, "lobby-target", prefs.targetsFor("online"));
  playersRadios(box, "lobby-players", playersIn(prefs.rulesFor("online")));
  clockOptions(clockSelect(), prefs.lobbyClock());
}

const clockSelect = () => /** @type {HTMLSelectElement} */ ($("[data-lobby-clock]"));

/** The name the opponent sees: the hall's stored one, else Telegram's; asked for once when
 * neither is there. "" when skipped: sent as is, so that the opponent sees the default word
 * and not the stand-in name of this browser's guest profile (docs/protocol.md). */
async function onlineName() {
  const known = storedName() ?? shell.telegram?.name ?? null;
  if (known || prefs.nameSkipped()) return known ?? "";
  /** @type {{ name: string|null, skipped: boolean }} */
  const answer = await shell.dialog("name");
  if (answer.name) prefs.setName(answer.name);
  else if (answer.skipped) prefs.skipName(); // asked once: not again
  return answer.name ?? "";
}

/** Sit at the online room of *record* (kept as this browser's current room). */
function enter(/** @type {SeatRecord} */ record) {
  prefs.enterRoom(record);
  message("");
  shell.go({ screen: "table", params: { mode: "online", room: record.game_id } });
}

async function createRoom() {
  const rules = chosenRules($("[data-lobby-presets]"));
  prefs.saveRules("online", rules);
  const clockIndex = Number(clockSelect().value) || 0;
  prefs.setLobbyClock(clockIndex);
  const clock = clockAt(clockIndex);
  let name = await onlineName();
  // a room with a clock is a private table of the hall (docs/protocol.md): its seats show
  // names, so a name is asked for even if it was skipped before
  if (clock && !name) {
    /** @type {{ name: string|null }} */
    const answer = await shell.dialog("name");
    if (!answer.name) return message(t("online.clockName"));
    prefs.setName(answer.name);
    name = answer.name;
  }
  message(t("loading"));
  try {
    const hall = clock ? { public: false, rated: false, clock } : undefined;
    enter(await createGame({ mode: "online", rules, name, hall }));
  } catch (err) {
    const code = err instanceof ApiError ? err.code : "";
    message(t(code === "invalid_rules" ? "error.rules" : code === "bad_name" ? "hall.nameBad" : "error.server"));
  }
}

async function joinByInvite(/** @type {string} */ gameId, /** @type {string} */ invite) {
  const mine = prefs.seatRecord("online", gameId);
  prefs.setLastMode("online");
  if (mine?.token) {
    enter(mine);
    return;
  }
  const name = await onlineName();
  message(t("online.joining"));
  try {
    enter(await joinGame(gameId, invite, name).catch(async (err) => {
      // a seat at a hall table needs a name (strangers see it): ask, even if skipped before
      if (!(err instanceof ApiError && err.code === "bad_name")) throw err;
      /** @type {{ name: string|null }} */
      const answer = await shell.dialog("name");
      if (!answer.name) throw err;
      prefs.setName(answer.name);
      return joinGame(gameId, invite, answer.name);
    }));
  } catch (err) {
    const code = err instanceof ApiError ? err.code : "";
    message(code === "room_full" ? t("online.full") : code === "network" ? t("error.server")
      : code === "bad_name" ? t("hall.nameBad")
        : code === "already_seated" ? t("hall.oneSeat") // a public table's invite, one seat each
          : code === "leave_wait" ? leaveWaitText(/** @type {ApiError} */ (err).retryAfter) // a rated table's invite
          : t("online.notFound"));
  }
}

/** @type {Record<string, (el: HTMLElement, ev: Event) => void>} */
export const actions = {
  "create-room": () => { createRoom(); },
};
