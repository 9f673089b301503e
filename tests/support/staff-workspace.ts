import request from "supertest";
import type { Db } from "#server/db/database.ts";
import { hashPassword } from "#server/auth/passwords.ts";
import { createSession } from "#server/auth/sessions.ts";
import type { StaffRole } from "#server/auth/staff.ts";
import { newTotpSecret } from "#server/auth/totp.ts";
import type { TestApp } from "./test-app";

/** An enabled account with no way to sign in yet: tests that need a session make one directly. */
export async function addStaff(db: Db, email: string, role: StaffRole): Promise<number> {
  const row = await db
    .insertInto("staff_users")
    .values({ email, role, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An account that signs in with its password and the TOTP `secret`. */
export type PasswordAccount = { id: number; email: string; password: string; secret: string };

/**
 * An account that can sign in with a password and TOTP, made directly: enrolment through
 * an invitation has its own tests (staff-auth.test.ts).
 */
export async function addPasswordAccount(
  db: Db,
  email: string,
  role: StaffRole = "sales",
  password = "a long enough password",
): Promise<PasswordAccount> {
  const secret = newTotpSecret();
  const row = await db
    .insertInto("staff_users")
    .values({
      email,
      role,
      password_hash: await hashPassword(password),
      totp_secret: secret,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, secret };
}

/** A signed-in member of staff, as a browser on the site's own origin would send requests. */
export type StaffClient = {
  userId: number;
  email: string;
  cookie: string;
  csrfToken: string;
  get(path: string): request.Test;
  /** With the session's CSRF token and the site's Origin, as the workspace's pages send. */
  post(path: string, body?: object): request.Test;
  /** A raw upload, as the workspace's pages send one: the bytes as the body, the rest in the query. */
  upload(path: string, bytes: Buffer, type?: string): request.Test;
  delete(path: string): request.Test;
};

/**
 * A session for a new account of this role, made the way sign-in makes one: the sign-in
 * steps themselves have their own suite (staff-auth.test.ts).
 */
export async function signInAs(
  site: TestApp,
  role: StaffRole,
  email = `${role}@agency.test`,
): Promise<StaffClient> {
  const userId = await addStaff(site.db, email, role);
  return sessionFor(site, userId, email);
}

/** A further session for an existing account. */
export async function sessionFor(site: TestApp, userId: number, email: string): Promise<StaffClient> {
  const session = await createSession(site.db, userId, { ip: "127.0.0.1" });
  const cookie = `staff_session=${session.token}`;
  const origin = new URL(site.config.settings.siteUrl).origin;
  const write = (test: request.Test) =>
    test.set("Cookie", cookie).set("Origin", origin).set("X-CSRF-Token", session.csrfToken);
  return {
    userId,
    email,
    cookie,
    csrfToken: session.csrfToken,
    get: (path) => request(site.app).get(path).set("Cookie", cookie),
    post: (path, body) => write(request(site.app).post(path)).send(body ?? {}),
    upload: (path, bytes, type = "image/png") =>
      write(request(site.app).post(path)).set("Content-Type", type).send(bytes),
    delete: (path) => write(request(site.app).delete(path)),
  };
}
