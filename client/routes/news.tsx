import { data } from "react-router";
import { paths } from "../../shared/paths";
import { ArticleCard, FeaturedArticle } from "../components/content/news-cards";
import { NewsletterForm } from "../components/forms/newsletter-form";
import { PageHeader } from "../components/sections/page-header";
import { settingsFromMatches } from "../lib/root-data";
import { loadContent } from "../lib/content-loader";
import type { PageHandle } from "../lib/hydration";
import { formActionHeaders, failureInit, readFormValues } from "../lib/form-action";
import { buildMeta } from "../lib/seo";
import { useLoadErrorToast } from "../lib/use-load-error-toast";
import type { Route } from "./+types/news";

export async function loader({ context }: Route.LoaderArgs) {
  const { value: posts, failed } = await loadContent(
    context,
    "news posts",
    () => context.content.listNewsPosts(),
    [],
  );
  return { posts, failed, formToken: context.formTokens.issue() };
}

/**
 * The newsletter form is the only thing here that needs React: it starts when the visitor
 * first focuses or presses in a form. A failed load hydrates at once for its notice (SPEC §8).
 */
export const handle: PageHandle<Awaited<ReturnType<typeof loader>>> = {
  hydrate: (data) => (data.failed ? "eager" : "interaction"),
};

/** The newsletter form posted without JavaScript (with it, the form posts JSON to the API). */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await readFormValues(request);
  const result = await context.leads.subscribeNewsletter(values);
  if (result.success) return { success: true as const };
  return data(
    { success: false as const, error: result.error, email: values.email ?? "" },
    failureInit(result),
  );
}

export const headers: Route.HeadersFunction = formActionHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(
    {
      title: "Tech News",
      description:
        "Tech news and updates from our Cape Town team: web development, mobile apps, AI and practical advice for South African businesses going digital.",
      path: paths.news,
    },
    settingsFromMatches(matches),
  );

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, failed } = loaderData;
  useLoadErrorToast(failed, "Failed to load news posts");
  // SPEC §2: the featured article is the first news item.
  const [featured, ...others] = posts;

  return (
    <>
      <PageHeader
        title="Tech News & Updates"
        subtitle="Insights on web development, mobile apps and technology trends that matter to South African businesses."
      />
      <section aria-labelledby="featured-article" className="section pb-0">
        <div className="page-container">
          <h2 id="featured-article" className="section-title">
            Featured Article
          </h2>
          <div className="mt-8">
            {featured ? (
              <FeaturedArticle post={featured} />
            ) : (
              <p className="text-lg text-slate-700">No featured article available</p>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby="latest-articles" className="section">
        <div className="page-container">
          <h2 id="latest-articles" className="section-title">
            Latest Articles
          </h2>
          {others.length > 0 ? (
            <ul className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {others.map((post) => (
                <li key={post.id}>
                  <ArticleCard post={post} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 text-lg text-slate-700">No articles available</p>
          )}
        </div>
      </section>
      <NewsletterForm formToken={loaderData.formToken} actionData={actionData} />
    </>
  );
}
