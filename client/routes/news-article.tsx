import { ArrowLeft } from "lucide-react";
import { data } from "react-router";
import { paths } from "#shared/paths.ts";
import { slugify } from "#shared/slug.ts";
import { socialImagePath } from "#shared/social-cards.ts";
import { ArticleNeighbours } from "#client/components/content/article-neighbours.tsx";
import { Byline } from "#client/components/content/news-cards.tsx";
import { OriginalSource } from "#client/components/content/original-source.tsx";
import { CallToAction } from "#client/components/sections/call-to-action.tsx";
import { NotFoundSection } from "#client/components/sections/not-found-section.tsx";
import { ContentImage } from "#client/components/ui/content-image.tsx";
import { PreviewBanner } from "#client/components/content/preview-banner.tsx";
import { feedLinks } from "#client/lib/feed-links.ts";
import { loaderHeadersOnly, previewHeaders, previewMeta, previewStateOf } from "#client/lib/preview-page.ts";
import { settingsFromMatches } from "#client/lib/root-data.ts";
import { buildMeta, notFoundMeta } from "#client/lib/seo.ts";
import { blogPostingJsonLd, breadcrumbJsonLd } from "#client/lib/structured-data.ts";
import type { Route } from "./+types/news-article";

/**
 * A news post's own page: published posts with a body only; anything else is the 404 page,
 * unless a preview link for the post opens it, as the post was when the link was made
 * (docs/decisions/042-preview-and-scheduled-publishing.md, 050-stored-preview-links.md).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const published = await context.content.getNewsArticle(params.id);
  if (published) return { article: published, preview: undefined };
  // Not one visitors see: a preview link, or staff signed in, may show it.
  const preview = await context.preview(request, `news/${params.id}`);
  const article =
    preview &&
    (await context.content.getNewsArticle(params.id, { unpublished: true, pinned: preview.pinned }));
  if (!preview || !article) return data({ article: undefined, preview: undefined }, { status: 404 });
  return data({ article, preview: previewStateOf(preview) }, { headers: previewHeaders });
}

export const headers: Route.HeadersFunction = loaderHeadersOnly;

/** Link previews need a raster image; the built-in illustrations are SVG, so those use the site's. */
const previewImage = (src: string) => (src.endsWith(".svg") ? undefined : src);

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const settings = settingsFromMatches(matches);
  const article = loaderData?.article;
  if (!article) return notFoundMeta(location.pathname, settings);
  const { post } = article;
  const path = paths.newsArticle(post.id);
  const published = `${post.date}T00:00:00+02:00`;
  // What staff wrote for search results and link cards, else the excerpt and the post's image.
  const description = post.meta_description?.replace(/\s+/g, " ") ?? post.excerpt;
  const image = post.social_image?.src ?? previewImage(post.image.src);
  return [
    ...buildMeta(
      {
        title: post.title,
        description,
        path,
        image,
        article: { publishedTime: published, modifiedTime: article.updatedAt, section: post.category },
        jsonLd: settings
          ? [
              blogPostingJsonLd(
                {
                  title: post.title,
                  description,
                  path,
                  image: image ?? socialImagePath(path),
                  datePublished: published,
                  dateModified: article.updatedAt,
                  author: post.author,
                  section: post.category,
                },
                settings,
              ),
              breadcrumbJsonLd(
                [
                  { name: "Home", path: paths.home },
                  { name: "Tech News", path: paths.news },
                  { name: post.title, path },
                ],
                settings,
              ),
            ]
          : [],
      },
      settings,
    ),
    ...(settings ? feedLinks(settings) : []),
    ...(loaderData.preview ? previewMeta : []),
  ];
};

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, preview } = loaderData;
  if (!article) return <NotFoundSection path={paths.newsArticle("")} />;
  const { post, html, readingMinutes, previous, next } = article;
  return (
    <>
      <PreviewBanner preview={preview} />
      <article className="page-container max-w-3xl py-10 sm:py-14">
        <a
          href={paths.news}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to news
        </a>
        <header className="mt-6">
          <a
            href={paths.newsCategory(slugify(post.category))}
            className="inline-block rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-on-brand-soft hover:underline"
          >
            {post.category}
          </a>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-lg text-ink-soft">{post.excerpt}</p>
          <Byline post={post} prefix="By " readingMinutes={readingMinutes} />
        </header>
        <ContentImage
          image={post.image}
          alt={post.image_alt}
          priority="high"
          sizes="(min-width: 768px) 768px, 100vw"
          className="mt-8 aspect-video w-full rounded-card bg-muted object-cover"
        />
        {/* Rendered on the server from Markdown, raw HTML escaped (server/content/article-markdown.ts). */}
        <div className="prose mt-10 text-lg" dangerouslySetInnerHTML={{ __html: html }} />
        {post.article_link ? <OriginalSource link={post.article_link} /> : null}
      </article>
      <ArticleNeighbours previous={previous} next={next} />
      <CallToAction
        id="article-cta"
        title="Have a project like this in mind?"
        text="Tell us what you want to build. We review every enquiry within 24 hours and come back with a plan."
        linkLabel="Contact Us"
        to={paths.contact}
      />
    </>
  );
}
