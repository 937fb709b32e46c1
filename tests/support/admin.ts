import { POST as loginRoute } from "@/app/api/auth/login/route";
import type { Db } from "@/db/client";
import { insertUser } from "@/lib/auth/register";
import { call } from "./http";
import { uniqueName } from "./users";

/** A fresh administrator, signed in through the API. */
export async function signInAdmin(db: Db) {
  const username = uniqueName("admin");
  const password = "admin-password";
  const user = await insertUser(db, { username, email: `${username}@aurum.local`, password, role: "admin" });
  const res = await call(loginRoute, { body: { usernameOrEmail: username, password } });
  return { user, token: res.body.token as string };
}
