import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every workspace form saves through one hook (docs/decisions/082-workspace-forms-on-one-hook.md):
 * useFormSave's `formProps` carry its submit, so a form's busy button, refusal, error
 * summary focus, "Confirm it's you" and unsaved-changes question are written once. A
 * `<form onSubmit=…>` of its own in the workspace is a save hand-rolled again.
 */
const root = path.resolve(import.meta.dirname, "../..");
const workspaceDirs = ["client/components/workspace", "client/routes/workspace"];

/** The forms that stay apart, each for the reason the decision record gives. */
const apart: Record<string, string> = {
  "client/components/workspace/sign-in/sign-in-steps.tsx": "makes the session: one error over three steps",
  "client/components/workspace/sign-in/second-factor-form.tsx": "a step of sign-in, which holds its state",
  "client/components/workspace/account/step-up-dialog.tsx": "is the proof the hook asks for",
  "client/components/workspace/content/content-form.tsx": "an editor: drafts, conflicts (useEditing)",
  "client/components/workspace/pages/copy-form.tsx": "an editor: drafts, conflicts (useEditing)",
};

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".tsx"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Each `<form …>` opening tag, up to its `>` outside braces; not those in comments (a usage example). */
function formTags(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const tags: string[] = [];
  for (const match of text.matchAll(/<form[\s>]/g)) {
    let depth = 0;
    let end = match.index + 5;
    for (; end < text.length; end += 1) {
      const char = text[end];
      if (char === "{") depth += 1;
      else if (char === "}") depth -= 1;
      else if (char === ">" && depth === 0) break;
    }
    tags.push(text.slice(match.index, end + 1));
  }
  return tags;
}

/** A filter: a plain GET form whose fields go into the address, nothing saved. */
const isFilter = (tag: string) => /\bmethod="get"/.test(tag);
const savesThroughHook = (tag: string) => /\{\.\.\.(?:[a-zA-Z]+\.)?formProps\}/.test(tag);

const forms = workspaceDirs
  .flatMap(sources)
  .flatMap((file) => formTags(readFileSync(path.join(root, file), "utf8")).map((tag) => ({ file, tag })));

describe("workspace forms", () => {
  it("finds the workspace's forms", () => {
    // A broken search would pass everything below: there are far more than a handful.
    expect(forms.filter(({ tag }) => savesThroughHook(tag)).length).toBeGreaterThan(15);
  });

  it("save through useFormSave's formProps, not a submit handler of their own", () => {
    const handRolled = forms
      .filter(({ file, tag }) => !(file in apart) && !isFilter(tag))
      .filter(({ tag }) => !savesThroughHook(tag) || /\bonSubmit=/.test(tag))
      .map(({ file, tag }) => `${file}: ${tag.replace(/\s+/g, " ").slice(0, 120)}`);
    expect(handRolled).toEqual([]);
  });

  it("keeps apart only forms that are still there", () => {
    for (const file of Object.keys(apart)) {
      expect(
        forms.some((form) => form.file === file),
        file,
      ).toBe(true);
    }
  });
});
