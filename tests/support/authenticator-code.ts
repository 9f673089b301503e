import { generate } from "otplib";

const STEP_MS = 30_000;
/** How near a step's end a code is not made: more than a loaded CI machine takes to send and check it. */
const MARGIN_MS = 5_000;

/**
 * The code an authenticator app shows `offsetSteps` 30-second steps from now.
 *
 * The server accepts one step either side of the moment it checks. A code of the step
 * before now falls outside that if a step ends between making the code and checking it,
 * so within the last few seconds of a step this waits for the next one first.
 */
export async function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  const intoStep = Date.now() % STEP_MS;
  if (intoStep > STEP_MS - MARGIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - intoStep + 50));
  }
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}
