// The small hooks of «Разбор» and «Подсказка» into the table, its result sheet, the settings
// and the tutorial. app.js calls renderReviewHooks after every render; everything else here
// owns its own elements and listeners, so the shared views stay untouched.

import { t } from "./i18n.js";
import { saved } from "./saved.js";
import { splitTile } from "./describe.js";
import { ReviewError, fetchHint, hintKey, hintReason, moveText } from "./review_data.js";
import { openReview } from "./views/review.js";
import { STEPS } from "./views/tutorial.js";

const HINT_MODES = ["computer", "hotseat"];
let latest = null;
// the hint on show: for which game and view version, what it says, which tile it lights
let shown = null;
let asking = false;

export function hintsOn() {
  return saved.get("hints.on", true) !== false;
}

function deal(state) {
  return state.view?.match?.deal ?? 1;
}

/** Called by app.js after each render with the store's state (and the tutorial). */
export function renderReviewHooks(state, { tutorial = null } = {}) {
  latest = state;
  if (state.screen === "table") {
    resultSheet(state);
    hintButton(state);
  }
  if (state.screen === "tutorial" && tutorial) tutorialHint(tutorial);
  settingsToggle();
}

// ------------------------------------------------------------------ the result sheet

function canReview(state) {
  if (!state.view?.result || !state.game?.game_id) return false;
  // a review shows a seat's hand, which a spectator never sees (docs/protocol.md, «Разбор»)
  if (state.mode === "watch") return false;
  return Boolean(state.game.token);
}

function resultSheet(state) {
  const sheet = document.querySelector("[data-result]");
  if (!sheet) return;
  // the sheet's own buttons row; the «Разбор» button and the hints note sit by it
  const actions = sheet.querySelector(".sheet-actions");
  if (!actions) return;
  let button = actions.querySelector("[data-review-open]");
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "btn";
    button.dataset.reviewOpen = "";
    button.addEventListener("click", () => openReview(latest, button));
    actions.append(button);
  }
  button.textContent = t("review.open");
  button.hidden = !canReview(state);
  let note = sheet.querySelector("[data-result-hints]");
  if (!note) {
    note = document.createElement("p");
    note.className = "result-note";
    note.dataset.resultHints = "";
    actions.before(note);
  }
  const used = Boolean(state.game?.game_id) && saved.get(hintKey(state.game.game_id, state.room?.game_no, deal(state)), false);
  note.textContent = used ? t("review.hints") : "";
  note.hidden = !used;
}

// ------------------------------------------------------------------ hints at the table

function hintAllowed(state) {
  const view = state.view;
  return hintsOn() && HINT_MODES.includes(state.mode) && Boolean(state.game?.token) && Boolean(view)
    && !view.result && !state.covered && view.to_move === view.seat && (view.legal?.length ?? 0) > 0;
}

function hintButton(state) {
  const table = document.querySelector("[data-screen=table]");
  const actions = table?.querySelector("[data-actions]");
  if (!actions) return;
  let button = actions.querySelector("[data-hint-button]");
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "btn quiet hint-btn";
    button.dataset.hintButton = "";
    button.addEventListener("click", askHint);
    actions.append(button);
  }
  let text = table.querySelector("[data-hint-text]");
  if (!text) {
    const status = table.querySelector("[data-status]") ?? actions;
    text = document.createElement("p");
    text.className = "hint-text";
    text.dataset.hintText = "";
    text.setAttribute("role", "status");
    status.after(text);
  }
  const allowed = hintAllowed(state);
  button.hidden = !allowed;
  button.disabled = asking;
  button.textContent = asking ? t("hint.loading") : t("hint.button");
  const current = shown && allowed && shown.gameId === state.game.game_id && shown.version === state.view.version;
  if (!current) shown = shown && shown.failed && allowed ? shown : null;
  text.hidden = !shown;
  text.textContent = shown ? shown.text : "";
  for (const tile of table.querySelectorAll("[data-hand] .hinted")) tile.classList.remove("hinted");
  if (shown?.tile) table.querySelector(`[data-hand] [data-tile="${shown.tile}"]`)?.classList.add("hinted");
}

async function askHint() {
  const state = latest;
  if (!state || asking || !hintAllowed(state)) return;
  asking = true;
  hintButton(state);
  const { game, view } = state;
  try {
    const hint = await fetchHint(game.game_id, game.token);
    if (latest.view?.version === view.version) {
      const action = hint.action.split(" ");
      shown = { gameId: game.game_id, version: view.version, tile: action[0] === "play" ? canonicalTile(action[1]) : null,
        text: t("hint.text", { move: moveText(hint.action), reason: hintReason(hint) }) };
      saved.set(hintKey(game.game_id, latest.room?.game_no, deal(latest)), true);
    }
  } catch (err) {
    const reason = err instanceof ReviewError ? err.message : String(err);
    shown = { gameId: game.game_id, version: view.version, tile: null, failed: true, text: t("hint.failed", { reason }) };
  } finally {
    asking = false;
    hintButton(latest);
  }
}

function canonicalTile(tile) {
  const [a, b] = splitTile(tile);
  return `${Math.min(a, b)}-${Math.max(a, b)}`;
}

// ------------------------------------------------------------------ settings and tutorial

function settingsToggle() {
  const form = document.querySelector("[data-settings-form]");
  if (!form) return;
  let label = form.querySelector("[data-hints-setting]");
  if (!label) {
    label = document.createElement("label");
    label.className = "check";
    label.dataset.hintsSetting = "";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.dataset.hintsToggle = "";
    box.addEventListener("change", () => {
      saved.set("hints.on", box.checked);
      if (latest) hintButton(latest);
    });
    label.append(box, document.createElement("span"));
    const row = form.querySelector(".dialog-actions");
    if (row) row.before(label);
    else form.append(label);
  }
  label.querySelector("input").checked = hintsOn();
  label.querySelector("span").textContent = ` ${t("hint.setting")}`;
}

function tutorialHint(tutorial) {
  const screen = tutorial.root;
  const actions = screen?.querySelector(".actions");
  if (!actions) return;
  let button = actions.querySelector("[data-tut-hint]");
  let text = screen.querySelector("[data-tut-hint-text]");
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "btn quiet";
    button.dataset.tutHint = "";
    actions.prepend(button);
    text = document.createElement("p");
    text.className = "hint-text";
    text.dataset.tutHintText = "";
    text.setAttribute("role", "status");
    (screen.querySelector("[data-tut-feedback]") ?? actions).after(text);
    button.addEventListener("click", () => {
      const step = STEPS[tutorial.step];
      if (!step) return;
      const ends = tutorial.ends();
      const [a, b] = splitTile(step.tile);
      const fits = ends ? ends.find((v) => v === a || v === b) : null;
      text.textContent = fits === null || fits === undefined ? t("hint.text", { move: moveText(`play ${step.tile}`), reason: "" }).trim()
        : t("hint.tutorial", { tile: step.tile, v: fits });
      text.dataset.step = String(tutorial.step);
    });
  }
  button.textContent = t("hint.button");
  button.hidden = !hintsOn() || !STEPS[tutorial.step];
  if (text.dataset.step !== String(tutorial.step)) text.textContent = "";
}
