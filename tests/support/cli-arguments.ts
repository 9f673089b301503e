/**
 * The CLI's arguments for things several suites add, so each suite names only
 * what its test is about.
 */

/** `screenshots add`: `file` at `position` on a service page's slideshow. */
export function addScreenshotArguments(
  page: string,
  position: string,
  file: string,
  ...more: string[]
): string[] {
  return ["screenshots", "add", "--page", page, "--position", position, file, ...more];
}

/** `news add` with placeholder text in every field a news item needs but its title. */
export function addNewsArguments(title: string, ...more: string[]): string[] {
  return [
    "news",
    "add",
    "--title",
    title,
    "--excerpt",
    "x",
    "--content",
    "y",
    "--author",
    "A",
    "--category",
    "B",
    ...more,
  ];
}
