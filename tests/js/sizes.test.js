// @ts-check
// The client's shape (issue 23): no module under static/js is over 300 lines, and the old
// controller does not come back; a module that grows past it is split by what it does.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../src/doublesix/server/static/js/", import.meta.url));

/** @param {string} dir @returns {string[]} */
function modules(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : []));
}

test("no module is over 300 lines", () => {
  const files = modules(root);
  assert.ok(files.length > 30, "the modules are found");
  const long = files.map((f) => [f.slice(root.length), readFileSync(f, "utf8").split("\n").length - 1]).filter(([, n]) => Number(n) > 300);
  assert.deepEqual(long, []);
});

test("app.js is gone; every module is type-checked", () => {
  assert.ok(!existsSync(join(root, "app.js")));
  for (const f of modules(root)) assert.ok(readFileSync(f, "utf8").startsWith("// @ts-check\n"), f);
});
