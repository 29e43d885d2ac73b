"""The line's layout, as a player would judge it, over thousands of random lines on the boards
of real phones (360, 390 and 414 px wide) and a desktop (1280 px): every tile inside the
felt, no overlap, a visible gap between tiles that are not neighbours, neighbours joined,
every double crosswise to the tiles it joins, end markers in free slots that cover nothing,
and the first row running to the felt's edges before it turns. Then the lines of real deals
of every preset, tile by tile (issue 24): nothing placed moves when the next tile arrives,
the tile size never grows within a deal, and pips stay 4 px wide on a phone."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

from typing import Any

import pytest
from e2e_helpers import Server
from tests.support.deal_lines import deal_lines, game_types

VIEWPORTS = [
    {"width": 360, "height": 740},
    {"width": 390, "height": 844},
    {"width": 414, "height": 896},
    {"width": 1280, "height": 800},
]

# Random legal lines from the double-six set (played at random ends), and the checks.
PROPERTIES_JS = """async ({ width, height, count, seed }) => {
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
    const { unit, layout, deal } = L.fitLine(line, lead, width, height);
    units.push(unit);
    const say = (what) => problems.push(`${what} — line ${JSON.stringify(line)} lead ${lead} unit ${unit}`);
    const items = layout.items;
    if (items.filter(Boolean).length !== line.length) { say('a tile is missing'); continue; }
    // into the board's pixels, the first tile where board.js puts it
    const offX = deal.ox, offY = deal.oy;
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
    // the first row runs to the felt's edge before it turns: a turn in it lies within one
    // double and one tile (3 units) of the edge
    for (const t of tiles.filter((t) => t.row === 0 && t.corner)) {
      const left = t.x - L.FIT.pad, right = width - L.FIT.pad - (t.x + t.w);
      if (Math.min(left, right) > 3 * unit - 0.5) say(`the first row turns ${Math.round(Math.min(left, right))} px short of the edge`);
    }
    if (layout.rows.length <= 1 && !tiles.some((t) => t.corner)) straightRows++;
  }
  units.sort((a, b) => a - b);
  return { problems, minUnit: units[0], medianUnit: units[units.length >> 1], straight: straightRows };
}"""


def board_size(pages: Any, server: Server, viewport: dict[str, int], preset: str = "draw") -> tuple[int, int]:
    """The felt of a game of *preset* against the computer at this window size, in px."""
    page = pages.page(viewport)
    page.goto(server.url + "/")
    page.evaluate("p => localStorage.setItem('doublesix.v1.preset.computer', JSON.stringify(p))", preset)
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
    out = page.evaluate(PROPERTIES_JS, {"width": width, "height": height, "count": 3000,
                                        "seed": viewport["width"]})
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


# Each deal replayed tile by tile as board.js draws it (the size and place kept between steps).
DEALS_JS = """async ({ width, height, deals, phone }) => {
  const L = await import('./js/layout.js');
  const { pipRadius } = await import('./js/tiles.js');
  const problems = [];
  const steps = [0, 0, 0, 0, 0];
  let lines = 0, smallest = Infinity;
  for (const d of deals) {
    const n = d.line.length, last = d.leads[n - 1];
    let deal = null, before = [], lead = 0;
    const say = (what) => problems.push(`${d.preset}: ${what} — line ${JSON.stringify(d.line)}`);
    for (let k = 0; k < n && problems.length < 10; k++) {
      // after k + 1 plays: the final line's tiles from (last - lead) on, k + 1 of them
      const now = d.leads[k], from = last - now;
      const line = d.line.slice(from, from + k + 1);
      const f = L.fitLine(line, now, width, height, { most: d.most, deal });
      lines++;
      smallest = Math.min(smallest, f.unit);
      if (!f.fits) say(`${k + 1} tiles do not fit`);
      if (L.overlaps(f.layout.items)) say(`${k + 1} tiles overlap`);
      if (phone && 2 * pipRadius(f.unit) * f.unit / 100 < 4) say(`pips under 4 px at ${f.unit} px`);
      if (deal) {
        if (f.unit > deal.unit) say(`the tiles grew from ${deal.unit} to ${f.unit} px`);
        if (f.deal.steps === deal.steps) {
          const shift = now - lead;
          before.forEach((it, i) => {
            const at = f.layout.items[i + shift];
            const px = (r, o) => [o.ox + r.x * o.unit, o.oy + r.y * o.unit, r.w * o.unit, r.h * o.unit].map(Math.round).join(',');
            if (px(at, f.deal) !== px(it, deal)) say(`tile ${i} moved when tile ${k + 1} came`);
          });
        }
      }
      deal = f.deal; before = f.layout.items; lead = now;
    }
    steps[Math.min(4, deal.steps)]++;
  }
  return { problems, steps, lines, smallest };
}"""


# a phone held sideways too (740×300, Telegram's shorter one, is test_calm_table's: on its
# 490×230 felt a deal of many doubles can need tiles under 16 px, whose pips are under 4 px)
SIDEWAYS = {"width": 740, "height": 360}


@pytest.mark.parametrize("viewport", [*VIEWPORTS, SIDEWAYS],
                         ids=lambda v: "740x360" if v == SIDEWAYS else f"{v['width']}px")
def test_whole_deals_keep_every_tile_in_place(server: Server, pages: Any, viewport: dict[str, int]) -> None:
    """Real deals of every preset and player count (400 of each: 3,200 deals and over 50,000
    lines per window), on the felt that game type gets: a tile once down never moves when
    the next one comes, the size never grows back, at most two shrinking steps in 99 % of
    deals, pips 4 px wide or more on a phone."""
    phone = viewport["width"] < 900
    page = pages.page(viewport)
    sizes = {preset: board_size(pages, server, viewport, preset) for preset in ("draw", "kozel")}
    page.goto(server.url + "/#rules")
    total = 0
    for preset, players in game_types():
        width, height = sizes["kozel" if players == 4 else "draw"]
        deals = deal_lines(preset, players, 400, seed=viewport["width"] + players)
        out = page.evaluate(DEALS_JS, {"width": width, "height": height, "deals": deals, "phone": phone})
        assert out["problems"] == [], f"{preset}/{players} on {width}×{height}: {out['problems']}"
        assert out["lines"] > 3000
        calm = sum(out["steps"][:3])
        assert calm >= 0.99 * len(deals), f"{preset}/{players} on {width}×{height}: steps {out['steps']}"
        if not phone:
            assert out["smallest"] >= 24, "a desktop felt never needs phone-sized tiles"
        total += len(deals)
    assert total >= 3000
