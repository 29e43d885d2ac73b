"""The line's layout, as a player would judge it, over thousands of random lines on the boards
of real phones (360, 390 and 414 px wide) and a desktop (1280 px): every tile inside the
felt, no overlap, a visible gap between tiles that are not neighbours, neighbours joined,
every double crosswise to the tiles it joins, end markers in free slots that cover nothing,
and at 360 px a first straight row of at least six tiles."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import Server

VIEWPORTS = [
    {"width": 360, "height": 740},
    {"width": 390, "height": 844},
    {"width": 414, "height": 896},
    {"width": 1280, "height": 800},
]

# Random legal lines from the double-six set (played at random ends), and the checks.
PROPERTIES_JS = """async ({ width, height, count, seed, firstRow }) => {
  const L = await import('./js/layout.js');
  let s = seed;
  const rnd = () => { s = (s * 1103515245 + 12345) & 0x7fffffff; return s / 0x7fffffff; };
  const randomLine = () => {
    const set = [];
    for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) set.push([a, b]);
    let first = set.splice(Math.floor(rnd() * set.length), 1)[0];
    if (rnd() < 0.5) first = [first[1], first[0]];
    const line = [first];
    let lead = 0;
    const n = 1 + Math.floor(rnd() * 28);
    while (line.length < n) {
      const lv = line[0][0], rv = line.at(-1)[1];
      const fit = set.filter(([a, b]) => a === lv || b === lv || a === rv || b === rv);
      if (!fit.length) break;
      const t = fit[Math.floor(rnd() * fit.length)];
      set.splice(set.indexOf(t), 1);
      const canR = t[0] === rv || t[1] === rv, canL = t[0] === lv || t[1] === lv;
      if (canR && (!canL || rnd() < 0.5)) line.push(t[0] === rv ? t : [t[1], t[0]]);
      else { line.unshift(t[1] === lv ? t : [t[1], t[0]]); lead++; }
    }
    return { line, lead };
  };
  const problems = [];
  const units = [];
  let straightRows = 0;
  for (let k = 0; k < count && problems.length < 10; k++) {
    const { line, lead } = randomLine();
    const { unit, layout } = L.fitLine(line, lead, width, height);
    units.push(unit);
    const say = (what) => problems.push(`${what} — line ${JSON.stringify(line)} lead ${lead} unit ${unit}`);
    const items = layout.items;
    if (items.filter(Boolean).length !== line.length) { say('a tile is missing'); continue; }
    // into the board's pixels, centred as board.js does it
    const offX = Math.round((width - layout.box.w * unit) / 2 - layout.box.x * unit);
    const offY = Math.round((height - layout.box.h * unit) / 2 - layout.box.y * unit);
    const px = (r) => ({ x: offX + r.x * unit, y: offY + r.y * unit, w: r.w * unit, h: r.h * unit });
    const tiles = items.map((it, i) => ({ ...px(it), key: i, double: line[i][0] === line[i][1], vertical: it.h > it.w, row: it.row, corner: it.corner }));
    const slots = ['left', 'right'].map((side) => ({ ...px(layout.ends[side].slot), key: side }));
    for (const r of [...tiles, ...slots]) {
      if (r.x < -0.5 || r.y < -0.5 || r.x + r.w > width + 0.5 || r.y + r.h > height + 0.5) say(`${r.key} outside the felt`);
    }
    const neighbours = (a, b) => {
      if (typeof a.key === 'number' && typeof b.key === 'number') return Math.abs(a.key - b.key) === 1;
      const slot = typeof a.key === 'string' ? a : b, other = slot === a ? b : a;
      if (typeof other.key !== 'number') return false;
      return (slot.key === 'left' && other.key === 0) || (slot.key === 'right' && other.key === line.length - 1);
    };
    const all = [...tiles, ...slots];
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const g = L.gapBetween(all[i], all[j]);
        if (neighbours(all[i], all[j])) { if (Math.abs(g) > 0.01) say(`${all[i].key} and ${all[j].key} are neighbours but not joined (${g.toFixed(1)} px)`); }
        else if (g < 4) say(`${all[i].key} and ${all[j].key} touch or overlap (gap ${g.toFixed(1)} px)`);
      }
    }
    for (const t of tiles) {
      if (!t.double) continue;
      for (const j of [t.key - 1, t.key + 1]) {
        if (tiles[j] && tiles[j].vertical === t.vertical) say(`double ${line[t.key].join('-')} lies lengthwise to ${line[j].join('-')}`);
      }
    }
    // the end markers: in their slot, inside the board, over no tile
    for (const side of ['left', 'right']) {
      const spot = L.markerAt(layout, side, unit);
      const cx = offX + spot.x * unit, cy = offY + spot.y * unit, r = spot.size / 2;
      if (spot.size < 24) say(`the ${side} marker is only ${spot.size} px`);
      if (cx - r < -0.5 || cy - r < -0.5 || cx + r > width + 0.5 || cy + r > height + 0.5) say(`the ${side} marker leaves the board`);
      for (const t of tiles) {
        const dx = Math.max(t.x - cx, 0, cx - (t.x + t.w)), dy = Math.max(t.y - cy, 0, cy - (t.y + t.h));
        if (Math.hypot(dx, dy) < r - 0.5) say(`the ${side} marker covers ${line[t.key].join('-')}`);
      }
    }
    const flat = tiles.filter((t) => t.row === 0 && !t.corner).length;
    if (firstRow && flat < Math.min(firstRow, line.length)) say(`only ${flat} tiles in the first row`);
    if (layout.rows.length <= 1 && !tiles.some((t) => t.corner)) straightRows++;
  }
  units.sort((a, b) => a - b);
  return { problems, minUnit: units[0], medianUnit: units[units.length >> 1], straight: straightRows };
}"""


def board_size(pages: Any, server: Server, viewport: dict[str, int]) -> tuple[int, int]:
    """The felt of a game against the computer at this window size, in px."""
    page = pages.page(viewport)
    page.goto(server.url + "/#computer")
    page.wait_for_function("() => doublesix.store.state.view")
    size = page.evaluate("() => { const b = document.querySelector('[data-board]'); return [b.clientWidth, b.clientHeight]; }")
    page.context.close()
    return int(size[0]), int(size[1])


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=lambda v: f"{v['width']}px")
def test_random_lines_lay_out_like_a_table(server: Server, pages: Any, viewport: dict[str, int]) -> None:
    width, height = board_size(pages, server, viewport)
    assert width >= viewport["width"] - 40 or viewport["width"] > 900
    page = pages.page(viewport)
    page.goto(server.url + "/#rules")
    first_row = 6 if viewport["width"] <= 360 else 0
    out = page.evaluate(PROPERTIES_JS, {"width": width, "height": height, "count": 3000,
                                        "seed": viewport["width"], "firstRow": first_row})
    assert out["problems"] == [], f"board {width}×{height}: {out['problems']}"
    # tiles never so small that pips blur; a desktop felt gets large tiles
    assert out["minUnit"] >= 18
    if viewport["width"] > 900:
        assert out["medianUnit"] >= 44


def test_the_reported_lines(server: Server, pages: Any) -> None:
    """[3-6, 6-6, 6-1] is one straight row with the double crosswise, not a column."""
    page = pages.page({"width": 360, "height": 740})
    page.goto(server.url + "/#rules")
    out = page.evaluate("""async () => {
      const L = await import('./js/layout.js');
      const f = L.fitLine([[3, 6], [6, 6], [6, 1]], 1, 338, 300);
      return f.layout.items.map((it) => [it.row, it.corner, it.w, it.h, it.y]);
    }""")
    assert [row for row, *_ in out] == [0, 0, 0]
    assert not any(corner for _, corner, *_ in out)
    assert [(w, h) for _, _, w, h, _ in out] == [(2, 1), (1, 2), (2, 1)]


def test_tiles_only_shrink_as_a_line_grows(server: Server, pages: Any) -> None:
    """A deal's line, tile by tile, on a phone's felt: the size never jumps back up, and every
    step still fits with its first row of six."""
    page = pages.page({"width": 360, "height": 740})
    page.goto(server.url + "/#rules")
    out = page.evaluate("""async () => {
      const L = await import('./js/layout.js');
      let s = 99;
      const rnd = () => { s = (s * 1103515245 + 12345) & 0x7fffffff; return s / 0x7fffffff; };
      const problems = [];
      for (let deal = 0; deal < 300; deal++) {
        const set = [];
        for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) set.push([a, b]);
        const line = [set.splice(Math.floor(rnd() * set.length), 1)[0]];
        let lead = 0;
        let cap = undefined;
        for (;;) {
          const f = L.fitLine(line, lead, 338, 300, cap ? { cap } : {});
          if (cap && f.unit > cap) problems.push(`grew from ${cap} to ${f.unit}`);
          if (!f.fits) problems.push(`does not fit at ${line.length} tiles`);
          if (!f.firstRowOk && f.unit > L.FIT.minUnit) problems.push(`short first row at ${f.unit}`);
          cap = f.unit;
          const lv = line[0][0], rv = line.at(-1)[1];
          const fit = set.filter(([a, b]) => a === lv || b === lv || a === rv || b === rv);
          if (!fit.length) break;
          const t = fit[Math.floor(rnd() * fit.length)];
          set.splice(set.indexOf(t), 1);
          if (t[0] === rv || t[1] === rv) line.push(t[0] === rv ? t : [t[1], t[0]]);
          else { line.unshift(t[1] === lv ? t : [t[1], t[0]]); lead++; }
        }
      }
      return problems.slice(0, 10);
    }""")
    assert out == []
