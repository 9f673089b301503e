import type { CaseStudy } from "#shared/content-types.ts";

/**
 * A client's square logo. Beside the client's name it is decorative (`named`: empty alt);
 * below the fold it loads lazily.
 */
export function ClientLogo({
  study,
  size,
  className,
  named = false,
  lazy = true,
}: {
  study: Pick<CaseStudy, "clientLogo" | "clientName">;
  size: number;
  className: string;
  named?: boolean;
  lazy?: boolean;
}) {
  return (
    <img
      src={study.clientLogo.src}
      alt={named ? "" : `${study.clientName} logo`}
      width={size}
      height={size}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      className={className}
    />
  );
}
