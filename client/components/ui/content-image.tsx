import type { Image } from "#shared/content-types.ts";

export type ContentImageProps = {
  image: Image;
  /** Empty when the image only decorates text that says the same. */
  alt?: string;
  /** `high`: the page's largest image (LCP); `eager`: above the fold; `lazy`: the rest. */
  priority?: "high" | "eager" | "lazy";
  /** How wide the image shows, for an uploaded image's responsive files; cards by default. */
  sizes?: string;
  className: string;
};

const CARD_SIZES = "(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw";

/**
 * A content image: its intrinsic size reserves its box, so nothing shifts as it loads. An
 * uploaded one offers AVIF and WebP at several widths; a built-in one is a single file.
 */
export function ContentImage({ image, alt = "", priority = "lazy", sizes, className }: ContentImageProps) {
  const img = (
    <img
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority === "lazy" ? "lazy" : "eager"}
      fetchPriority={priority === "high" ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
  if (!image.sources) return img;
  // `contents`: the <img> stays the box the layout places (a grid cell, a flex item).
  return (
    <picture className="contents">
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes ?? CARD_SIZES} />
      ))}
      {img}
    </picture>
  );
}
