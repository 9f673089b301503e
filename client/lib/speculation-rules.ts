/**
 * Speculation Rules (docs/decisions/019-pages-without-a-framework.md): every navigation is
 * a page load, so a browser that supports them prerenders a same-origin page when the
 * visitor holds the pointer on its link (moderate eagerness), and the click shows it at
 * once. Not for the API, files (a path with a dot), or links that open elsewhere.
 */
export const speculationRules = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: ["/api/*", "/*.*"] } },
          { not: { selector_matches: "[rel~=nofollow], [download], [target=_blank]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
