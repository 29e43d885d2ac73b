"""What a player sees on the table, checked in the page: the line's first row (to the edge), doubles
crosswise, no contact, markers over no tile, the last move marked, a grammatical result
sheet whose numbers add up."""

# ruff: noqa: E501  (JavaScript run in the page reads better unwrapped)

from __future__ import annotations

from typing import Any

from grammar import agreement_problems

LINE_POINTS_JS = """async (firstRow) => {
  // judged where the tiles come to rest: a slide still under way is run to its end
  for (const a of document.getAnimations()) if (a.effect?.target?.closest?.('[data-board]')) a.finish();
  const problems = [];
  const board = document.querySelector('[data-board]');
  const svg = board.querySelector('svg.line-svg');
  const view = doublesix.store.state.view;
  const line = view?.line ?? [];
  if (!svg) return line.length ? ['no line drawn'] : [];
  const b = board.getBoundingClientRect();
  const tiles = [...svg.querySelectorAll('.line-tile')].map((g) => {
    const r = g.querySelector('.tile-body').getBoundingClientRect();
    const i = Number(g.dataset.lineIndex);
    return { i, x: r.left, y: r.top, w: r.width, h: r.height, row: Number(g.dataset.row), corner: g.hasAttribute('data-corner'),
      last: g.classList.contains('is-last'), double: line[i][0] === line[i][1] };
  });
  if (tiles.length !== line.length) problems.push(`${tiles.length} tiles drawn for a line of ${line.length}`);
  const gap = (a, c) => Math.max(c.x - (a.x + a.w), a.x - (c.x + c.w), c.y - (a.y + a.h), a.y - (c.y + c.h));
  for (const t of tiles) {
    if (t.x < b.left - 1 || t.y < b.top - 1 || t.x + t.w > b.right + 1 || t.y + t.h > b.bottom + 1) problems.push(`tile ${t.i} outside the felt`);
    for (const o of tiles) {
      if (o.i <= t.i) continue;
      const g = gap(t, o);
      // the tile bodies are inset 1% of the drawing: neighbours come within ~2 px
      if (Math.abs(o.i - t.i) === 1) { if (g > 3) problems.push(`neighbours ${t.i},${o.i} apart by ${g.toFixed(1)} px`); }
      else if (g < 3) problems.push(`tiles ${t.i} and ${o.i} touch (gap ${g.toFixed(1)} px)`);
    }
    if (t.double) {
      for (const o of tiles) {
        if (Math.abs(o.i - t.i) === 1 && (o.h > o.w) === (t.h > t.w)) problems.push(`double ${line[t.i].join('-')} lengthwise to ${line[o.i].join('-')}`);
      }
    }
  }
  // the first row runs to the felt's edge before it turns (test_layout.py's property since the
  // line stopped moving placed tiles, issue 24: a row of six whatever the split would need
  // tiles under DESIGN.md's least size): a turn in it lies within one double and one tile
  // (3 units) of the felt's padding
  if (firstRow) {
    const { FIT } = await import('./js/layout.js');
    const s = svg.getBoundingClientRect(), unit = Number(svg.dataset.unit);
    for (const t of tiles.filter((t) => t.row === 0 && t.corner)) {
      const left = t.x - s.left - FIT.pad, right = s.right - FIT.pad - (t.x + t.w);
      if (Math.min(left, right) > 3 * unit - 0.5) problems.push(`the first row turns ${Math.round(Math.min(left, right))} px short of the edge`);
    }
  }
  // the last tile played is marked, and only it
  const plays = (view.history ?? []).filter((e) => e.action.startsWith('play'));
  if (plays.length) {
    const end = plays.at(-1).action.split(' ')[2];
    const want = end === 'left' ? 0 : line.length - 1;
    const marked = tiles.filter((t) => t.last).map((t) => t.i);
    if (marked.length !== 1 || marked[0] !== want) problems.push(`last move marked on ${marked} (want ${want})`);
  }
  for (const m of board.querySelectorAll('.end-marker')) {
    const r = m.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2, rad = r.width / 2;
    for (const t of tiles) {
      const dx = Math.max(t.x - cx, 0, cx - (t.x + t.w)), dy = Math.max(t.y - cy, 0, cy - (t.y + t.h));
      if (Math.hypot(dx, dy) < rad - 1.5) problems.push(`the ${m.dataset.end} marker covers tile ${t.i}`);
    }
  }
  return problems;
}"""

SHEET_JS = """() => {
  const sheet = document.querySelector('[data-result]');
  const view = doublesix.store.state.sheetView ?? doublesix.store.state.view;
  const hands = [...sheet.querySelectorAll('.result-hand')].map((h) => ({
    seat: Number(h.dataset.seat), pips: Number(h.querySelector('.pips').dataset.pips), tiles: h.querySelectorAll('.tiles svg').length,
  }));
  const terms = [...sheet.querySelectorAll('[data-result-calc] .term b')].map((b) => Number(b.textContent));
  const ops = [...sheet.querySelectorAll('[data-result-calc] .op')].map((o) => o.textContent);
  return {
    tone: sheet.querySelector('.sheet').dataset.tone,
    title: sheet.querySelector('[data-result-title]').textContent,
    verdict: sheet.querySelector('[data-result-verdict]').textContent,
    text: sheet.innerText, hands, terms, ops, result: view.result, revealed: view.revealed_hands, match: view.match,
    thisDeal: sheet.querySelectorAll('.scores tr.is-this').length,
  };
}"""


def line_problems(page: Any, first_row: bool = False) -> list[str]:
    return list(page.evaluate(LINE_POINTS_JS, first_row))


def check_sheet(page: Any, lang: str = "ru") -> dict[str, Any]:
    """The result sheet: coloured, both hands with their sums, arithmetic that adds up."""
    s = page.evaluate(SHEET_JS)
    r = s["result"]
    assert s["tone"] in ("win", "loss", "draw", "neutral"), s
    assert s["title"].strip() and s["title"] not in ("Домино!", "Рыба!"), s["title"]
    assert not agreement_problems(s["text"], lang), s["text"]
    assert len(s["hands"]) == len(s["revealed"]) == 2
    for hand in s["hands"]:
        tiles = s["revealed"][hand["seat"]]
        pips = sum(int(x) for tile in tiles for x in str(tile).split("-"))
        assert hand["pips"] == pips == r["pips"][hand["seat"]], (hand, tiles)
        assert hand["tiles"] == len(tiles)
    # the sum on the sheet: terms joined by + and − give the points (the last term is the total)
    if r["winner"] is not None and s["terms"]:
        total = s["terms"][-1]
        assert total == r["points"], s
        if len(s["terms"]) > 1:
            value = s["terms"][0]
            for op, term in zip(s["ops"], s["terms"][1:-1], strict=False):
                value = value + term if op == "+" else value - term
            assert value == r["points"], s
    if s["match"]:
        assert s["thisDeal"] == 1, "this deal's row is marked in the match table"
    return s
