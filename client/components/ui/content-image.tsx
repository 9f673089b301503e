import type { Image } from "../../../shared/content-types";

export type ContentImageProps = {
  image: Image;
  /** Empty when the image only decorates text that says the same. */
  alt?: string;
  /** `high`: the page's largest image (LCP); `eager`: above the fold; `lazy`: the rest. */
  priority?: "high" | "eager" | "lazy";
  className: string;
};

/** A built-in content image: its intrinsic size reserves its box, so nothing shifts as it loads. */
export function ContentImage({ image, alt = "", priority = "lazy", className }: ContentImageProps) {
  return (
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
}
