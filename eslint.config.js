// ESLint for the browser client and its node tests: the recommended rules (npm run lint,
// `make js`). The client is plain ES modules served as they are; the tests run under node.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/doublesix/server/static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
  },
  {
    // an unused argument keeps a callback's shape readable (`(_form, ev) => …`)
    rules: { "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }] },
  },
];
