// @ts-check
// Where the client's modules are, for the node tests: they import the served files themselves.

/** @param {string} name a module under src/doublesix/server/static/js, e.g. "router.js" */
export function client(name) {
  return new URL(`../../src/doublesix/server/static/js/${name}`, import.meta.url).href;
}
