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

/** How a teaser looks: the first news item shown large, or a card in the grid of the others. */
const looks = {
  featured: {
    article: "grid overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line lg:grid-cols-2",
    image: "aspect-video h-full w-full bg-muted object-cover",
    priority: "high",
    sizes: "(min-width: 1024px) 50vw, 100vw",
    body: "flex flex-col justify-center p-8",
    category: "w-fit rounded-full bg-brand px-3 py-1 text-sm font-semibold text-on-brand",
    title: "mt-4 text-2xl font-bold text-ink sm:text-3xl",
    excerpt: "mt-3 text-lg text-ink-soft",
    bylinePrefix: "By ",
    more: "mt-6",
    moreLabel: "Read Full Article",
  },
  card: {
    article: "flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line",
    image: "aspect-video w-full bg-muted object-cover",
    priority: undefined,
    sizes: undefined,
    body: "flex flex-1 flex-col p-6",
    category: "w-fit rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-on-brand-soft",
    title: "mt-3 text-xl font-semibold text-ink",
    excerpt: "mt-2 flex-1 text-ink-soft",
    bylinePrefix: "",
    more: "mt-4",
    moreLabel: "Read More",
  },
} as const;

/** requirements §2: a news item in the list, its image, category, title, excerpt and byline. */
export function ArticleTeaser({ post, look }: { post: NewsSummary; look: keyof typeof looks }) {
  const classes = looks[look];
  return (
    <article className={classes.article}>
      <ContentImage
        image={post.image}
        alt={post.image_alt}
        priority={classes.priority}
        sizes={classes.sizes}
        className={classes.image}
      />
      <div className={classes.body}>
        <p className={classes.category}>{post.category}</p>
        <h3 className={classes.title}>{post.title}</h3>
        <p className={classes.excerpt}>{post.excerpt}</p>
        <Byline post={post} prefix={classes.bylinePrefix} />
        <div className={classes.more}>
          <ArticleMore post={post} label={classes.moreLabel} />
        </div>
      </div>
    </article>
  );
}
