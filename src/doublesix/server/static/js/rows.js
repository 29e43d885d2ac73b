// @ts-check
// Lists rebuilt from frames without replacing what did not change: a row under a finger or
// holding the keyboard's focus stays the very element it was (the hall's list of tables).

/**
 * The row to show for *fresh*: the one shown before when it looks the same, else *fresh*.
 * @template {Node} T
 * @param {T | undefined} old
 * @param {T} fresh
 * @returns {T}
 */
export function sameOrFresh(old, fresh) {
  return old && old.isEqualNode(fresh) ? old : fresh;
}

/**
 * Make *list*'s children exactly *rows*, in order, moving as few of them as it can: the rows
 * no longer wanted leave first (or every row after one would move up), then each row out of
 * place is put in place. A moved or new row loses the focus; the others keep it.
 * @param {Element} list
 * @param {Element[]} rows
 */
export function placeRows(list, rows) {
  const kept = new Set(rows);
  for (const child of [...list.children]) if (!kept.has(child)) child.remove();
  rows.forEach((row, i) => {
    if (list.children[i] !== row) list.insertBefore(row, list.children[i] ?? null);
  });
}
