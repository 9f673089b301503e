import { CheckCircle2 } from "lucide-react";
import { leadNextSteps as NEXT_STEPS } from "#shared/forms/next-steps.ts";
import { paths } from "#shared/paths.ts";

export function ThankYou({ service }: { service: string }) {
  return (
    <section className="page-container section max-w-3xl text-center">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-16 text-success" />
      <h1 className="section-title mt-6">Thank You!</h1>
      <p className="mt-4 text-lg text-ink-soft">
        We have received your {service} enquiry and a copy is on its way to our team.
      </p>
      <div className="mt-10 rounded-card bg-muted p-6 text-left ring-1 ring-line">
        <h2 className="text-xl font-semibold text-ink">What happens next</h2>
        <ol className="mt-4 list-decimal space-y-3 pl-6 text-ink">
          {NEXT_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <a href={paths.home} className="btn-primary">
          Return to Home
        </a>
        <a href={paths.services} className="btn-secondary">
          View All Services
        </a>
      </div>
    </section>
  );
}
