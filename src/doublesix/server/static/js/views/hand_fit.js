// @ts-check
// A phone held sideways: the hand is a block of rows in the right-hand column, as tall as the
// column leaves it. At a fixed tile size the second row was cut in half at 740×360 (issue 24:
// the hand "clipped", a playable tile half hidden in a box with nothing to show it scrolls), so
// here the tiles take the largest size at which every one of them is whole in that box, in as
// many rows as fit; only a hand too long even at the least size scrolls, a whole row at a time.

/** Held sideways (css/landscape.css): the only layout whose hand wraps into rows. */
const SIDEWAYS = "(orientation: landscape) and (max-height: 500px)";

export const HAND_FIT = {
  max: 40, // the upright phone's size (css/table.css --hand-tile-w)
  least: 26, // narrower than this a tile is too small a target for a finger
};

/** The largest tile width (px) at which *n* tiles in rows fill no more than width×height,
 * with *gapX* between tiles in a row and *gapY* between rows (a tile is 2w + 4 px tall: its
 * two halves and its padding), and how many rows that is; when none does, HAND_FIT.least and
 * the whole rows that fit (the rest are scrolled to). DOM-free.
 * @param {number} n @param {number} width @param {number} height @param {number} gapX @param {number} gapY
 * @returns {{ w: number, rows: number, fits: boolean }} */
export function handTileWidth(n, width, height, gapX, gapY) {
  for (let w = HAND_FIT.max; w >= HAND_FIT.least; w -= 1) {
    const cols = Math.floor((width + gapX) / (w + gapX));
    if (cols < 1) continue;
    const rows = Math.ceil(Math.max(1, n) / cols);
    if (rows * (2 * w + 4) + (rows - 1) * gapY <= height) return { w, rows, fits: true };
  }
  const w = HAND_FIT.least;
  return { w, rows: Math.max(1, Math.floor((height + gapY) / (2 * w + 4 + gapY))), fits: false };
}

/** @type {WeakSet<HTMLElement>} */
const watched = new WeakSet();

/** Size the tiles of *hand* to its box when held sideways, now and whenever the box changes
 * (a button or a hint line under it comes or goes); upright, the stylesheet's size. */
export function fitHand(/** @type {HTMLElement} */ hand) {
  const wrap = /** @type {HTMLElement} */ (hand.parentElement);
  if (!watched.has(wrap) && typeof ResizeObserver === "function") {
    watched.add(wrap);
    // the tiles' size and the hand's height change what is in the wrap, never the wrap
    new ResizeObserver(() => fitTiles(hand)).observe(wrap);
  }
  fitTiles(hand);
}

function fitTiles(/** @type {HTMLElement} */ hand) {
  if (!matchMedia(SIDEWAYS).matches) {
    hand.style.removeProperty("--hand-tile-w");
    hand.style.removeProperty("max-height");
    return;
  }
  const css = getComputedStyle(hand);
  const px = (/** @type {string} */ v) => parseFloat(v) || 0;
  const pads = px(css.paddingTop) + px(css.paddingBottom);
  const width = hand.clientWidth - px(css.paddingLeft) - px(css.paddingRight);
  // the wrap's height, not the hand's: a hand cut to whole rows is shorter than its room
  const height = /** @type {HTMLElement} */ (hand.parentElement).clientHeight - pads;
  if (width <= 0 || height <= 0) return;
  const gapY = px(css.rowGap);
  const { w, rows, fits } = handTileWidth(hand.childElementCount, width, height, px(css.columnGap), gapY);
  const value = `${w}px`;
  if (hand.style.getPropertyValue("--hand-tile-w") !== value) hand.style.setProperty("--hand-tile-w", value);
  // too long even at the least size: as tall as its whole rows, so none shows cut in half, and
  // ending where the last whole row ends: a playable tile rises by the gap between rows
  // (css/table.css), so in a bottom padding the next row's playable tiles would show their tops
  const most = fits ? "" : `${px(css.paddingTop) + rows * (2 * w + 4) + (rows - 1) * gapY}px`;
  if (hand.style.maxHeight !== most) hand.style.maxHeight = most;
}

/** Held sideways, a hand that scrolls shows whole rows: the row of *target* (the chosen or a
 * playable tile), else the nearest whole row (a tile brought into view by the keyboard may
 * have left the box between two rows). */
export function showWholeRows(/** @type {HTMLElement} */ hand, /** @type {HTMLElement|null} */ target) {
  const first = /** @type {HTMLElement|null} */ (hand.firstElementChild);
  if (!first || !matchMedia(SIDEWAYS).matches || hand.scrollHeight <= hand.clientHeight + 1) return;
  const row = first.offsetHeight + (parseFloat(getComputedStyle(hand).rowGap) || 0);
  // offsets, not boxes: a raised tile's transform moves its box, not its row
  const top = target ? target.offsetTop - first.offsetTop : Math.round(hand.scrollTop / row) * row;
  if (Math.abs(hand.scrollTop - top) > 0.5) hand.scrollTo({ top, behavior: "instant" });
}
