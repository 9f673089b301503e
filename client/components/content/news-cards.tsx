import { Calendar, Clock, User } from "lucide-react";
import type { NewsSummary } from "#shared/content-types.ts";
import { formatIsoDate } from "#shared/format-date.ts";
import { ArticleMore } from "./article-more";
import { ContentImage } from "#client/components/ui/content-image.tsx";

/** A post's date and author; on its own page, its reading time too. */
export function Byline({
  post,
  prefix,
  readingMinutes,
}: {
  post: Pick<NewsSummary, "date" | "author">;
  prefix: string;
  readingMinutes?: number;
}) {
  return (
    <p className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-soft">
      <span className="inline-flex items-center gap-1.5">
        <Calendar aria-hidden="true" className="size-4" />
        <time dateTime={post.date}>{formatIsoDate(post.date)}</time>
      </span>
      <span className="inline-flex items-center gap-1.5">
        <User aria-hidden="true" className="size-4" />
        {prefix}
        {post.author}
      </span>
      {readingMinutes === undefined ? null : (
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4" />
          {`${readingMinutes} min read`}
        </span>
      )}
    </p>
  );
}

/** SPEC §2: the first news item, shown large. */
export function FeaturedArticle({ post }: { post: NewsSummary }) {
  return (
    <article className="grid overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line lg:grid-cols-2">
      <ContentImage
        image={post.image}
        alt={post.image_alt}
        priority="high"
        sizes="(min-width: 1024px) 50vw, 100vw"
        className="aspect-video h-full w-full bg-muted object-cover"
      />
      <div className="flex flex-col justify-center p-8">
        <p className="w-fit rounded-full bg-brand px-3 py-1 text-sm font-semibold text-on-brand">
          {post.category}
        </p>
        <h3 className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{post.title}</h3>
        <p className="mt-3 text-lg text-ink-soft">{post.excerpt}</p>
        <Byline post={post} prefix="By " />
        <div className="mt-6">
          <ArticleMore post={post} label="Read Full Article" />
        </div>
      </div>
    </article>
  );
}

/** SPEC §2: a card in the grid of the other articles. */
export function ArticleCard({ post }: { post: NewsSummary }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line">
      <ContentImage
        image={post.image}
        alt={post.image_alt}
        className="aspect-video w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="w-fit rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-on-brand-soft">
          {post.category}
        </p>
        <h3 className="mt-3 text-xl font-semibold text-ink">{post.title}</h3>
        <p className="mt-2 flex-1 text-ink-soft">{post.excerpt}</p>
        <Byline post={post} prefix="" />
        <div className="mt-4">
          <ArticleMore post={post} label="Read More" />
        </div>
      </div>
    </article>
  );
}
