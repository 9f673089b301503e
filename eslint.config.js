import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "tests/.tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["client/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // The browser bundle must never pull in server code (STYLE §1).
    files: ["client/**/*.{ts,tsx}", "shared/**/*.ts"],
    ignores: ["client/entry.server.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              // Every navigation is a page load (docs/decisions/019-pages-without-a-framework.md):
              // most pages run no router in the browser to catch a client-side one.
              name: "react-router",
              importNames: ["Link", "NavLink", "useNavigate", "useNavigation", "ScrollRestoration"],
              message: "Use a plain <a href> or window.location: navigation is a page load.",
            },
          ],
          patterns: [
            {
              group: ["**/server/**", "!**/server/load-context"],
              message: "client/ and shared/ must not import server code.",
            },
            { group: ["node:*"], message: "client/ and shared/ run in the browser." },
            {
              // Its metadata is 40 kB gzipped; the server checks phone numbers (decision 010).
              group: ["libphonenumber-js", "libphonenumber-js/*"],
              message: "Phone numbers are checked on the server: server/operations/leads/phone-numbers.ts.",
            },
            {
              // The common passwords are a list to guess from: the browser never gets it (decision 053).
              group: ["@zxcvbn-ts/*"],
              message: "Passwords are judged on the server: server/auth/passwords.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // No function over 150 lines in the product's own code (issue 50): a longer one is split
    // along what it does. Counted as a reader meets it, from first line to last, blank lines,
    // comments and functions called at once included.
    files: ["client/**/*.{ts,tsx}", "server/**/*.ts", "shared/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "max-lines-per-function": [
        "error",
        { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    // Content is data: it names the shapes it fills (shared/page-copy.ts), never the components that show it.
    files: ["data/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/client/**"], message: "data/ must not import client/: use shared/ types." },
          ],
        },
      ],
    },
  },
  {
    // Queries live in server/db/ (decisions 034, 079): elsewhere a module calls a db/ function.
    files: ["server/**/*.ts"],
    ignores: ["server/db/**", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "kysely",
              allowTypeImports: true,
              message: "Queries are built in server/db/: import a function from there (types are fine).",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]",
          message: "Queries are built in server/db/: move this one into the module of its subject there.",
        },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/**", "server/index.ts"],
    rules: { "no-console": "off" },
  },
  {
    // In tests a wrong assumption about a value fails the test at once, which is the point.
    files: ["tests/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
