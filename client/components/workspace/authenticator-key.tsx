/** A new authenticator key to add, as the invitation and the account page show it. */
import { TextField } from "./fields";
import { SpacedKey } from "./break-points";

/** The server's answer when a key is made: the key, its otpauth:// link and that link as a QR code. */
export type Enrolment = { secret: string; otpauthUrl: string; qrCode: string };

/** The key as a QR code to scan and, for typing in by hand, as text (`testId` marks the text). */
export function AuthenticatorKey({ enrolment, testId }: { enrolment: Enrolment; testId: string }) {
  return (
    <>
      <img
        src={enrolment.qrCode}
        alt="QR code to add this account to an authenticator app"
        width={200}
        height={200}
        className="rounded-control bg-on-inverse p-2"
      />
      <div>
        <p className="text-ink-soft">Or enter this key by hand:</p>
        <p className="mt-1 font-mono text-lg text-ink" data-testid={testId}>
          <SpacedKey value={enrolment.secret} />
        </p>
      </div>
    </>
  );
}

/** The field for a 6-digit code from the app; a space in the middle is allowed. */
export function AuthenticatorCodeField({
  label,
  description,
  error,
}: {
  label: string;
  description?: string;
  error: string;
}) {
  return (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]{6,7}"
      maxLength={7}
      required
      description={description}
      error={error || undefined}
    />
  );
}
