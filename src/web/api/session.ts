import { ApiError } from "./client.ts";

export interface SessionState {
  object: "session";
  logged_in: boolean;
}

async function sessionRequest(init: RequestInit): Promise<Response> {
  const response = await fetch("/api/session", { credentials: "same-origin", ...init });
  if (!response.ok && response.status !== 204) {
    throw new ApiError(response.status, await response.json().catch(() => null));
  }
  return response;
}

export async function getSession(): Promise<SessionState> {
  return (await sessionRequest({ headers: { accept: "application/json" } })).json();
}

export async function logIn(password: string): Promise<void> {
  await sessionRequest({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  });
}

export async function logOut(): Promise<void> {
  await sessionRequest({ method: "DELETE" });
}
