// @ts-check
// Dragging a tile from the hand onto an open end (mouse or touch), as an alternative to
// tap-then-choose. Vertical drags belong to us; sideways swipes still scroll the hand.

const START_DISTANCE = 12; // px before a press becomes a drag
const CATCH_RADIUS = 48; // px around an end marker that still counts as "on the end"

/**
 * @param {HTMLElement} hand the hand's container
 * @param {{ends(tile): Array<string|null>, play(tile, end): void, board(): HTMLElement}} game
 */
export function enableDrag(hand, game) {
  let drag = null;
  let swallowClick = false;

  const markers = () => /** @type {HTMLElement[]} */ ([...game.board().querySelectorAll(".end-marker")]);

  function target(x, y) {
    const board = game.board();
    const allowed = drag.ends;
    if (allowed.includes(null)) {
      // the first tile: anywhere on the table
      const r = board.getBoundingClientRect();
      return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom ? null : undefined;
    }
    let best;
    let bestDistance = CATCH_RADIUS;
    for (const marker of markers()) {
      if (!allowed.includes(marker.dataset.end)) continue;
      const r = marker.getBoundingClientRect();
      const d = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
      if (d <= bestDistance) {
        bestDistance = d;
        best = marker.dataset.end;
      }
    }
    return best;
  }

  function highlight(on) {
    for (const marker of markers()) {
      marker.classList.toggle("is-drop-target", on && drag?.ends.includes(marker.dataset.end));
    }
  }

  function cleanup() {
    drag?.ghost?.remove();
    highlight(false);
    drag = null;
  }

  hand.addEventListener("pointerdown", (ev) => {
    const button = /** @type {HTMLElement|null} */ (/** @type {Element} */ (ev.target).closest(".hand-tile[data-playable]"));
    if (!button || ev.button !== 0) return;
    drag = { button, tile: button.dataset.tile, x: ev.clientX, y: ev.clientY, ends: game.ends(button.dataset.tile), ghost: null };
  });

  hand.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.ghost) {
      const dy = drag.y - ev.clientY;
      if (Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < START_DISTANCE) return;
      if (dy < Math.abs(ev.clientX - drag.x) * 0.8) {
        // mostly sideways: that is scrolling the hand, not a drag
        drag = null;
        return;
      }
      drag.button.setPointerCapture?.(ev.pointerId);
      const ghost = drag.button.cloneNode(true);
      ghost.className = "hand-tile drag-ghost";
      ghost.removeAttribute("data-tile");
      ghost.setAttribute("aria-hidden", "true");
      document.body.append(ghost);
      drag.ghost = ghost;
      highlight(true);
    }
    drag.ghost.style.left = `${ev.clientX}px`;
    drag.ghost.style.top = `${ev.clientY}px`;
    ev.preventDefault();
  });

  hand.addEventListener("pointerup", (ev) => {
    if (!drag) return;
    if (drag.ghost) {
      const end = target(ev.clientX, ev.clientY);
      const tile = drag.tile;
      swallowClick = true; // the click that follows this release is not a tap
      setTimeout(() => { swallowClick = false; }, 0);
      cleanup();
      if (end !== undefined) game.play(tile, end);
      return;
    }
    drag = null;
  });

  hand.addEventListener("pointercancel", cleanup);
  hand.addEventListener("click", (ev) => {
    if (swallowClick) {
      ev.stopPropagation();
      ev.preventDefault();
      swallowClick = false;
    }
  }, true);
}
